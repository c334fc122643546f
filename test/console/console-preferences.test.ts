/**
 * A member's own console preferences through app.inject, on every backend: the preferences page
 * keeps a language and a time zone from a form posted without script (Origin checked), refuses
 * a language or zone it does not offer with the form again (422, nothing kept) or problem+json on
 * the API; later pages speak the chosen language (a `?lang=` link still wins, the organisation's
 * default no longer does) and show every time on the member's clock, the zone named, with the UTC
 * moment kept in `<time datetime>`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const form = 'application/x-www-form-urlencoded';

describe.each(backends())('console preferences on $name', (backend) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    owner = await consoleSessionHeaders(t, `prefs-${randomUUID()}@transport.example`);
    const created = await t.app.inject({ method: 'POST', url: '/console/api-keys', headers: { cookie: owner.cookie, origin: owner.origin, 'content-type': form }, payload: 'key_mode=test' });
    key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(created.body)![1]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, ...headers } });
  const post = (payload: string, origin = owner.origin) => t.app.inject({ method: 'POST', url: '/console/preferences', headers: { cookie: owner.cookie, origin, 'content-type': form }, payload });

  it('shows the page, linked from every page, with nothing chosen: times in UTC', async () => {
    const overview = await page('/console');
    expect(overview.body).toContain('<a href="/console/preferences">Preferences</a>');
    const res = await page('/console/preferences');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<option value="" selected>Not chosen: UTC</option>');
    expect(res.body).toContain('<option value="nl">Nederlands</option>');
    expect(res.body).toContain('<option value="Europe/Warsaw">Europe/Warsaw</option>');
    expect(overview.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/);
  });

  it('refuses a language or zone it does not offer: the form again, 422, nothing kept; problem+json on the API', async () => {
    const bad = await post('language=xx&time_zone=Mars%2FOlympus');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('id="e-language"');
    expect(bad.body).toContain('id="e-time_zone"');
    expect(bad.body).toContain('aria-invalid="true"');
    const api = await t.app.inject({ method: 'PUT', url: '/v1/auth/preferences', headers: { cookie: owner.cookie, origin: owner.origin }, payload: { language: 'xx', time_zone: 'CET' } });
    expect(api.statusCode).toBe(422);
    expect(api.headers['content-type']).toContain('application/problem+json');
    expect(api.json().errors.map((e: { path: string; code: string }) => [e.path, e.code])).toEqual([
      ['$.language', 'invalid_value'],
      ['$.time_zone', 'unknown_time_zone'],
    ]);
    const session = (await page('/v1/auth/session')).json();
    expect(session.user).toMatchObject({ language: null, time_zone: null });
  });

  it('refuses a form posted from another origin', async () => {
    const res = await post('language=nl&time_zone=Europe%2FWarsaw', 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect((await page('/v1/auth/session')).json().user.time_zone).toBeNull();
  });

  it('keeps the choice: later pages in that language, times on that clock with the zone named', async () => {
    const saved = await post('language=nl&time_zone=Europe%2FWarsaw');
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/console/preferences?done=saved');
    const again = await page('/console/preferences?done=saved', { 'accept-language': 'en' });
    expect(again.body).toContain('<html lang="nl">');
    expect(again.body).toContain('Uw voorkeuren zijn opgeslagen.');
    expect(again.body).toContain('<option value="Europe/Warsaw" selected>');
    expect((await page('/v1/auth/session')).json().user).toMatchObject({ language: 'nl', time_zone: 'Europe/Warsaw' });

    const made = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(key), payload: { ...minimalShipment(), reference: 'TZ-1' } });
    expect(made.statusCode, made.body).toBe(201);
    const { id, created_at: createdAt } = made.json() as { id: string; created_at: string };
    const wanted = new Date(createdAt);
    const warsaw = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(wanted).replace(', ', ' ');
    const zone = /^(0[4-9]|10)/.test(warsaw.slice(5, 7)) ? 'CEST' : 'CET';
    const shipmentPage = await page(`/console/shipments/${id}`, { 'accept-language': 'en' });
    expect(shipmentPage.body).toContain('<html lang="nl">');
    expect(shipmentPage.body).toContain(`<time datetime="${wanted.toISOString()}">${warsaw} ${zone}</time>`);
    const list = await page('/console/shipments');
    expect(list.body).toContain(`${warsaw} ${zone}</time>`);
    // The members page too: the member's own last sign-in, to the minute, on their clock.
    expect((await page('/console/members')).body).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d CES?T</);
    // A link's ?lang= still shows its page in its own language.
    expect((await page(`/console/shipments/${id}?lang=en`)).body).toContain('<html lang="en">');
  });

  it('takes the choice back: the organisation default and the browser decide again, times in UTC', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/v1/auth/preferences', headers: { cookie: owner.cookie, origin: owner.origin }, payload: { language: null, time_zone: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ language: null, time_zone: null });
    const overview = await page('/console', { 'accept-language': 'en' });
    expect(overview.body).toContain('<html lang="en">');
    expect(overview.body).toMatch(/\d\d:\d\d:\d\d UTC<\/time>/);
  });
});
