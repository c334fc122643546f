/**
 * The console in the member's time zone and language through app.inject, on every backend: a
 * member in Europe/Warsaw who filters the request log, the event feed, the audit log and the
 * shipment list by a local time or day gets the rows of that local window (one just inside, ones
 * just outside, across a UTC day boundary), with the zone named on each field and the value shown
 * back as typed; a German member reads an error's title in German; a page opened with `?lang=`
 * keeps it in its links; a first sign-in from the French sign-in page names the new organisation
 * in French.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { newId } from '../../src/core/ids.js';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders, followSignInLink } from '../support/console-session.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const form = 'application/x-www-form-urlencoded';
/** Warsaw is UTC+1 in January: its 16 January starts at 23:00 UTC on the 15th. */
const BEFORE = '2026-01-15T23:15:00.000Z'; // 00:15 CET on the 16th
const INSIDE = '2026-01-15T23:45:00.000Z'; // 00:45 CET on the 16th
const AFTER = '2026-01-16T01:30:00.000Z'; // 02:30 CET on the 16th
/** The local window 00:30–02:00 on the 16th: read as UTC, it would take AFTER and leave out INSIDE. */
const WINDOW = 'from=2026-01-16T00%3A30&to=2026-01-16T02%3A00';

const timesIn = (html: string) => [...html.matchAll(/<time datetime="([^"]+)">/g)].map((m) => m[1]);

describe.each(backends())('console filters and titles in the member’s zone and language on $name', (backend) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  let key: string;
  const requestIds: Record<string, string> = {};

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
  const post = (url: string, payload: string) => t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie, origin: owner.origin, 'content-type': form }, payload });

  beforeAll(async () => {
    t = await buildTestApp(backend, { clock: new ManualClock(new Date('2026-01-15T20:00:00.000Z')) });
    owner = await consoleSessionHeaders(t, `zones-${randomUUID()}@transport.example`);
    const kept = await t.app.inject({ method: 'PUT', url: '/v1/auth/preferences', headers: { cookie: owner.cookie, origin: owner.origin }, payload: { language: 'de', time_zone: 'Europe/Warsaw' } });
    expect(kept.statusCode).toBe(200);
    key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec((await post('/console/api-keys', 'key_mode=test')).body)![1]!;
    // At each moment: a shipment (with its event), a failed API call, and an act of the audit log (a new key).
    for (const at of [BEFORE, INSIDE, AFTER]) {
      t.clock.set(at);
      expect((await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(key), payload: { ...minimalShipment(), reference: `ZONE-${at}` } })).statusCode).toBe(201);
      const missing = await t.app.inject({ method: 'GET', url: `/v1/shipments/${newId('shipment', new Date(at))}`, headers: t.auth(key) });
      expect(missing.statusCode).toBe(404);
      requestIds[at] = String(missing.headers['request-id']);
      expect((await post('/console/api-keys', 'key_mode=test')).statusCode).toBe(201);
    }
    await t.runtime.requestLogs.flush();
    t.clock.set('2026-01-16T09:00:00.000Z');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reads the request log’s window as Warsaw time, names the zone and shows the typed times back', async () => {
    const page = await get(`/console/logs?${WINDOW}&status_class=4xx`);
    expect(page.statusCode).toBe(200);
    expect(timesIn(page.body)).toEqual([INSIDE]);
    expect(page.body).toContain('<label for="f-from">Ab (Europe/Warsaw)</label><input type="datetime-local" id="f-from" name="from" value="2026-01-16T00:30">');
    expect(page.body).toContain('<label for="f-to">Bis (Europe/Warsaw)</label><input type="datetime-local" id="f-to" name="to" value="2026-01-16T02:00">');
    // A day alone runs to its end in Warsaw: the 16th holds all three local times, the 15th none.
    expect(timesIn((await get('/console/logs?from=2026-01-16&to=2026-01-16&status_class=4xx')).body).sort()).toEqual([BEFORE, INSIDE, AFTER]);
    expect(timesIn((await get('/console/logs?to=2026-01-15&status_class=4xx')).body)).toEqual([]);
  });

  it('reads the event feed’s and the audit log’s windows as Warsaw time', async () => {
    const events = await get(`/console/events?${WINDOW}&type=shipment.created`);
    expect(events.statusCode).toBe(200);
    expect(timesIn(events.body)).toEqual([INSIDE]);
    expect(events.body).toContain('Ab (Europe/Warsaw)');
    const audit = await get(`/console/audit-log?${WINDOW}&action=api_key.created`);
    expect(audit.statusCode).toBe(200);
    // The audit page also prints when its integrity check ran: the rows' times are the rest.
    expect(timesIn(audit.body).filter((at) => at !== '2026-01-16T09:00:00.000Z')).toEqual([INSIDE]);
    expect(audit.body).toContain('<label for="f-to">Bis (Europe/Warsaw)</label>');
    expect(audit.body).not.toContain('(UTC)');
  });

  it('reads the shipment list’s days as Warsaw days, the last one whole', async () => {
    const sixteenth = await get('/console/shipments?from=2026-01-16&to=2026-01-16');
    expect(sixteenth.statusCode).toBe(200);
    expect(timesIn(sixteenth.body).sort()).toEqual([BEFORE, INSIDE, AFTER]);
    expect(sixteenth.body).toContain('<label for="f-from">Angelegt ab (Europe/Warsaw)</label><input type="date" id="f-from" name="from" value="2026-01-16">');
    expect(timesIn((await get('/console/shipments?to=2026-01-15')).body)).toEqual([]);
    expect(timesIn((await get('/console/shipments?from=2026-01-17')).body)).toEqual([]);
  });

  it('answers a day that does not exist with a page in the member’s frame and language (400), naming the field and leading back', async () => {
    const res = await get('/console/logs?from=2026-02-30T08%3A00');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Dieser Link kann nicht angezeigt werden</h1>');
    expect(res.body).toContain('<li><code>from</code> = “2026-02-30T08:00”</li>');
    expect(res.body).toContain('href="/console/logs?lang=de"');
    expect(res.body).toContain('aria-current="page">Anfrageprotokoll</a>');
  });

  it('titles a logged error in the member’s language', async () => {
    const page = await get(`/console/logs/${requestIds[INSIDE]}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<code>not_found</code></strong> — Nicht gefunden</p>');
    expect((await get(`/console/logs/${requestIds[INSIDE]}?lang=fr`)).body).toContain('— Introuvable</p>');
    expect((await get(`/console/logs/${requestIds[INSIDE]}?lang=pl`)).body).toContain('— Nie znaleziono</p>');
  });

  it('keeps a ?lang= the page honours in its navigation, pager and filter form', async () => {
    const page = (await get('/console/shipments?lang=fr&limit=1')).body;
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<a href="/console/shipments?lang=fr" aria-current="page">');
    expect(page).toContain('<a href="/console/audit-log?lang=fr">');
    expect(page).toMatch(/<a rel="next" href="\/console\/shipments\?limit=1&#38;cursor=[^"]+&#38;lang=fr">/);
    expect(page).toContain('<input type="hidden" name="lang" value="fr">');
    // Without it, the member's kept language and plain links.
    const kept = (await get('/console/shipments')).body;
    expect(kept).toContain('<html lang="de">');
    expect(kept).toContain('<a href="/console/audit-log">');
  });

  it('names the organisation of a first sign-in from the French sign-in page in French', async () => {
    const email = `premier-${randomUUID()}@transport.example`;
    const asked = await t.app.inject({ method: 'POST', url: '/console/sign-in', headers: { 'content-type': form }, payload: new URLSearchParams({ email, lang: 'fr' }).toString() });
    expect(asked.statusCode).toBe(202);
    const mail = await t.runtime.services.db.selectFrom('outbox_messages').select(['body']).where('recipient', '=', email).executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/console\/magic\/\S+/.exec(String(mail.body))?.[0];
    expect(link).toMatch(/\?lang=fr$/);
    const signedIn = await followSignInLink(t, link!);
    expect(signedIn.statusCode).toBe(303);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const session = (await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie } })).json();
    expect(session.organization.name).toBe(`Organisation de ${email}`);
  });
});
