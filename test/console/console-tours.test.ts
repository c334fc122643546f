/**
 * The console's tour and driver pages through app.inject, on every backend: planning a tour from
 * issued shipments (stops added, moved and removed without script; errors beside their fields;
 * another organisation's shipments not pickable), a tour's progress and its polled fragment, the
 * driver sessions with their tour and last use (and the driver so named in a shipment's timeline),
 * revocation after a confirmation, the audit log,
 * a viewer who sees but cannot act, and one organisation never reaching another's.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_PATHS } from '../../src/modules/driver/driver.routes.js';
import { TOUR_PATHS } from '../../src/modules/tours/tours.routes.js';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders, memberSessionHeaders } from '../support/console-session.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

type Session = { cookie: string; origin: string };

describe.each(backends())('console tours and drivers on $name', (backend) => {
  let t: TestApp;
  let owner: Session;
  let other: Session;
  let key: string;
  let otherKey: string;
  let viewer: Session;
  beforeAll(async () => {
    t = await buildTestApp(backend, { ownDatabase: true });
    owner = await consoleSessionHeaders(t, `dispatch-${randomUUID()}@transport.example`);
    other = await consoleSessionHeaders(t, `elsewhere-${randomUUID()}@transport.example`);
    key = await newKey(owner);
    otherKey = await newKey(other);
    const organizationId = (await get('/v1/auth/session')).json().organization.id as string;
    const ownerId = (await t.runtime.services.db.selectFrom('memberships').select('user_id').where('organization_id', '=', organizationId).executeTakeFirstOrThrow()).user_id;
    viewer = await memberSessionHeaders(t, organizationId, ownerId, 'viewer');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, session: Session = owner, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie, ...headers } });
  function post(url: string, fields: [string, string][] | Record<string, string>, session: Session = owner) {
    return t.app.inject({ method: 'POST', url, headers: { cookie: session.cookie, origin: session.origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  }
  async function newKey(session: Session): Promise<string> {
    return /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec((await post('/console/api-keys', { key_mode: 'test' }, session)).body)![1]!;
  }
  async function issued(apiKey: string, reference = `PO-${randomUUID().slice(0, 8)}`): Promise<string> {
    const made = await t.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers: t.auth(apiKey), payload: { ...minimalShipment(), reference } });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as string;
  }
  const phone = () => `+4860${randomInt(1_000_000, 9_999_999)}${randomInt(0, 10)}`;
  const details = (driverPhone: string): [string, string][] => [
    ['name', 'R12 Venlo–Ruhr'],
    ['date', '2026-12-07'],
    ['driver_name', 'Piotr Nowak'],
    ['driver_phone', driverPhone],
    ['driver_language', 'pl'],
    ['plate', 'VX-12-BC'],
  ];
  const stopsIn = (html: string) => [...html.matchAll(/name="stop" value="([^"]+)"/g)].map((m) => m[1]);

  it('plans a tour of two shipments: added, reordered without script, planned, audited', async () => {
    const [a, b] = [await issued(key, 'PO-A1'), await issued(key, 'PO-B2')];
    const form = await get('/console/tours/new');
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`name="pick" value="${a}"`);
    expect(form.body).toContain('PO-B2');

    const added = await post('/console/tours/new', [...details(phone()), ['act', 'add'], ['pick', a], ['pick', b]]);
    expect(added.statusCode).toBe(200);
    expect(stopsIn(added.body)).toEqual([`${a}:pickup`, `${a}:delivery`, `${b}:pickup`, `${b}:delivery`]);
    expect(added.body).not.toContain(`name="pick" value="${a}"`);
    expect(added.body).toContain('value="Piotr Nowak"');

    const stops = stopsIn(added.body).map((s): [string, string] => ['stop', s!]);
    const moved = await post('/console/tours/new', [...details(phone()), ...stops, ['move', 'up:2']]);
    expect(stopsIn(moved.body)).toEqual([`${a}:pickup`, `${b}:pickup`, `${a}:delivery`, `${b}:delivery`]);
    const removed = await post('/console/tours/new', [...details(phone()), ...stops, ['remove', '3']]);
    expect(stopsIn(removed.body)).toEqual([`${a}:pickup`, `${a}:delivery`, `${b}:pickup`]);

    const driverPhone = phone();
    const planned = await post('/console/tours/new', [...details(driverPhone), ...stopsIn(moved.body).map((s): [string, string] => ['stop', s!]), ['act', 'plan']]);
    expect(planned.statusCode, planned.body).toBe(303);
    const location = planned.headers.location as string;
    expect(location).toMatch(/^\/console\/tours\/tour_[0-9A-Z]{26}\?done=planned$/);
    const tourId = location.split('/')[3]!.split('?')[0]!;
    const api = (await t.app.inject({ method: 'GET', url: `/v1/tours/${tourId}`, headers: t.auth(key) })).json();
    expect(api.stops.map((s: { shipment_id: string; kind: string }) => `${s.shipment_id}:${s.kind}`)).toEqual([`${a}:pickup`, `${b}:pickup`, `${a}:delivery`, `${b}:delivery`]);
    expect(api.driver).toEqual({ name: 'Piotr Nowak', phone: driverPhone, language: 'pl' });
    expect(api.vehicle).toEqual({ plate: 'VX-12-BC' });

    const page = await get(location);
    expect(page.body).toContain('The tour is planned.');
    expect(page.body).toContain('R12 Venlo–Ruhr');
    expect(page.body.match(/data-stop-state="pending"/g)).toHaveLength(4);
    expect(page.body).toContain("Sender&#39;s signature");
    expect((await get('/console/tours')).body).toContain(`/console/tours/${tourId}`);
    const audit = (await get('/console/audit-log?action=tour.created')).body;
    expect(audit).toContain(tourId);
  }, 120_000);

  it('answers an invalid plan with its errors beside the fields, in the page language', async () => {
    const res = await post('/console/tours/new', [['name', ''], ['date', '2026-12-07'], ['driver_name', 'Piotr'], ['driver_phone', '0612'], ['act', 'plan']]);
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatch(/<p class="field-error" id="e-name">[^<]+<\/p><input type="text" id="f-name" name="name" value="" required aria-invalid="true"/);
    expect(res.body).toMatch(/id="e-driver_phone">Does not match the expected format/);
    expect(res.body).toContain('Add at least one shipment.');
    expect(res.body).toContain('value="Piotr"');
    const nl = await post('/console/tours/new?lang=nl', [['name', 'R1'], ['date', '2026-12-07'], ['driver_name', 'Piotr'], ['driver_phone', '0612'], ['act', 'plan']]);
    expect(nl.body).toContain('Voldoet niet aan het verwachte formaat');
    expect(nl.body).toContain('Voeg minstens één zending toe.');
  }, 60_000);

  it("never offers or takes another organisation's shipments, and its tours are 404", async () => {
    const theirs = await issued(otherKey, 'PO-THEIRS');
    const form = await get('/console/tours/new');
    expect(form.body).not.toContain(theirs);
    const picked = await post('/console/tours/new', [...details(phone()), ['act', 'add'], ['pick', theirs]]);
    expect(picked.statusCode).toBe(422);
    expect(picked.body).toContain(`There is no issued shipment ${theirs} in this organisation and mode.`);
    expect(stopsIn(picked.body)).toEqual([]);
    const forged = await post('/console/tours/new', [...details(phone()), ['stop', `${theirs}:pickup`], ['act', 'plan']]);
    expect(forged.statusCode).toBe(422);
    expect(forged.body).toMatch(/id="e-stops-0-">There is no shipment shp_/);
    const theirTour = await t.app.inject({ method: 'POST', url: TOUR_PATHS.collection, headers: t.auth(otherKey), payload: { name: 'Theirs', date: '2026-12-07', driver: { name: 'X', phone: phone() }, stops: [{ shipment_id: theirs, kind: 'pickup' }] } });
    expect(theirTour.statusCode).toBe(201);
    expect((await get(`/console/tours/${theirTour.json().id}`)).statusCode).toBe(404);
    expect((await get(`/console/tours/${theirTour.json().id}/progress`)).statusCode).toBe(404);
    expect((await get('/console/tours')).body).not.toContain(theirTour.json().id);
  }, 60_000);

  it('shows progress as stops are done and serves the polled fragment only when it changed', async () => {
    const shipment = await issued(key);
    const tour = await t.app.inject({ method: 'POST', url: TOUR_PATHS.collection, headers: t.auth(key), payload: { name: 'Progress run', date: '2026-12-07', driver: { name: 'Ana', phone: phone() }, stops: [{ shipment_id: shipment, kind: 'pickup' }, { shipment_id: shipment, kind: 'delivery' }] } });
    const id = tour.json().id as string;
    const first = await get(`/console/tours/${id}/progress`);
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect((await get(`/console/tours/${id}/progress`, owner, { 'if-none-match': tag })).statusCode).toBe(304);

    const done = await t.app.inject({ method: 'POST', url: `/v1/tours/${id}/stops/1/complete`, headers: t.auth(key), payload: { outcome: 'done', missing_signatures: { reason: 'signed_on_paper' } } });
    expect(done.statusCode, done.body).toBe(200);
    const after = await get(`/console/tours/${id}/progress`, owner, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('data-stop-state="done"');
    // Closed on paper: the shipment is in transit, so the pickup misses nothing; the delivery still needs the consignee.
    expect(after.body).toMatch(/data-stop-state="done">Done<\/span><\/td><td data-label="Done at">(<time datetime="[^"]+Z">[^<]+<\/time>)<\/td><td data-label="Still missing"><span class="muted">Nothing<\/span>/);
    expect(after.body).toContain('<ul class="missing"><li>Consignee&#39;s signature</li><li>Proof of delivery</li></ul>');
    expect(after.body).toContain('In progress');
    const closed = await t.app.inject({ method: 'POST', url: `/v1/tours/${id}/stops/2/complete`, headers: t.auth(key), payload: { outcome: 'done', missing_signatures: { reason: 'party_absent' } } });
    expect(closed.statusCode, closed.body).toBe(200);
    const ended = (await get(`/console/tours/${id}/progress`)).body;
    expect(ended).toContain('Closed without: Consignee&#39;s signature, Proof of delivery');
    expect(ended).toContain('data-state="completed">Completed');
    const page = await get(`/console/tours/${id}`);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'; connect-src 'self'$/);
    expect(page.body).toContain('Closed without');
    expect(page.body).toContain(`data-src="/console/tours/${id}/progress`);
  }, 60_000);

  it('lists driver sessions with their tour and last use, and revokes one after asking', async () => {
    const driverPhone = phone();
    const shipment = await issued(key);
    const tour = await t.app.inject({ method: 'POST', url: TOUR_PATHS.collection, headers: t.auth(key), payload: { name: 'Night run', date: '2026-12-07', driver: { name: 'Jan Kowalski', phone: driverPhone }, stops: [{ shipment_id: shipment, kind: 'pickup' }] } });
    expect(tour.statusCode).toBe(201);
    const opened = await t.app.inject({ method: 'POST', url: DRIVER_PATHS.sandboxSessions, headers: t.auth(key), payload: { phone: driverPhone } });
    expect(opened.statusCode, opened.body).toBe(201);
    const { session_id: sessionId, token } = opened.json() as { session_id: string; token: string };

    const before = await get('/console/drivers');
    const row = () => new RegExp(`<tr><td data-label="Driver">Jan Kowalski<br><span class="mono">\\${driverPhone}</span></td><td data-label="Tour"><a href="/console/tours/${tour.json().id}">Night run</a>.*?</tr>`);
    expect(before.body).toMatch(row());
    expect(row().exec(before.body)![0]).toContain('not yet');
    expect((await t.app.inject({ method: 'GET', url: DRIVER_PATHS.tours, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    const seen = row().exec((await get('/console/drivers')).body)![0];
    expect(seen).not.toContain('not yet');
    expect(seen).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time><\/td><td data-label="Status"><span data-state="active">Active/);
    // What the driver does is theirs in the shipment's timeline, named as this page names them.
    const stop = DRIVER_PATHS.completeStop.replace(':id', tour.json().id).replace(':position', '1');
    const closed = await t.app.inject({ method: 'POST', url: stop, headers: { authorization: `Bearer ${token}` }, payload: { outcome: 'done', missing_signatures: { reason: 'signed_on_paper' } } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await get(`/console/shipments/${shipment}`, viewer)).body).toContain(`<code class="whole">stop.closed_unsigned</code></td><td data-label="By">Jan Kowalski (${driverPhone}) (driver app)</td>`);

    const confirm = await get(`/console/drivers/${sessionId}/revoke`);
    expect(confirm.body).toContain('Jan Kowalski');
    expect(confirm.body).toContain(`<form method="post" action="/console/drivers/${sessionId}/revoke">`);
    const revoked = await post(`/console/drivers/${sessionId}/revoke`, {});
    expect(revoked.statusCode).toBe(303);
    expect(revoked.headers.location).toBe('/console/drivers?done=revoked');
    const list = await get('/console/drivers?done=revoked');
    expect(list.body).toContain('The driver session is revoked.');
    expect(row().exec(list.body)![0]).toContain('data-state="revoked"');
    expect((await t.app.inject({ method: 'GET', url: DRIVER_PATHS.tours, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect((await get('/console/audit-log?action=driver_session.revoked')).body).toContain(sessionId);
    // Another organisation neither sees nor revokes it.
    expect((await get('/console/drivers', other)).body).not.toContain(driverPhone);
    expect((await post(`/console/drivers/${sessionId}/revoke`, {}, other)).statusCode).toBe(404);
    expect((await get(`/console/drivers/${sessionId}/revoke`, other)).statusCode).toBe(404);
  }, 60_000);

  it('lets a viewer see tours and drivers but not plan or revoke', async () => {
    const shipment = await issued(key);
    const list = await get('/console/tours', viewer);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('/console/tours/new');
    expect((await get('/console/drivers', viewer)).statusCode).toBe(200);
    expect((await get('/console/drivers', viewer)).body).not.toContain('/revoke');
    expect((await get('/console/tours/new', viewer)).statusCode).toBe(403);
    const plan = await post('/console/tours/new', [...details(phone()), ['stop', `${shipment}:pickup`], ['act', 'plan']], viewer);
    expect(plan.statusCode).toBe(403);
    expect((await post('/console/drivers/drs_01JD0000000000000000000000/revoke', {}, viewer)).statusCode).toBe(403);
    const tours = await t.app.inject({ method: 'GET', url: '/v1/tours', headers: t.auth(key) });
    expect(tours.json().data.every((tour: { stops: { shipment_id: string }[] }) => tour.stops.every((s) => s.shipment_id !== shipment))).toBe(true);
  }, 60_000);
});
