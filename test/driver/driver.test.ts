/**
 * The driver (docs/driver.md): sign-in by one-time password with an
 * answer that reveals nothing, the 12-hour session, the OTP lock, the sandbox session behind a test
 * key (and no guessable sandbox code), revocation by
 * one organisation only, a second driver seeing nothing of the first's, and the actions end to end
 * through the organisation's own use cases, each replayable once with its capture time kept.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_PATHS } from '../../src/modules/driver/driver.routes.js';
import { purgeDriverSessionsJob } from '../../src/modules/driver/purge-driver-sessions.job.js';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/problems.js';
import { png } from '../support/sample-files.js';
import { localTime } from '../../src/core/local-time.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const HOUR = 3600_000;
/** A phone of this run: the sign-in windows per phone live in Redis, which PostgreSQL runs share. */
const newPhone = () => `+4860${randomInt(1_000_000, 9_999_999)}${randomInt(0, 10)}`;
const path = (template: string, params: Record<string, string | number>) => template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
/** The text of a PDF, whitespace folded (poppler's pdftotext). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'driver-pod-'));
  const file = join(dir, 'pod.pdf');
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  rmSync(dir, { recursive: true, force: true });
  return text;
}
const pngDataUrl = () => `data:image/png;base64,${png(16).toString('base64')}`;

describe.each(backends())('driver on $name', (backend) => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { RATE_LIMIT_REQUESTS: '1000000' } });
    a = await t.newTenant();
    b = await t.newTenant();
    origin = new URL(t.runtime.config.publicBaseUrl).origin;
  }, 60_000);
  afterAll(() => t.close());

  const today = () => t.clock.now().toISOString().slice(0, 10);
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: t.auth(key), ...(payload === undefined ? {} : { payload: payload as object }) });
  const drive = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** An issued shipment of the tenant and a tour over it (pickup, delivery) for the phone. */
  async function assign(tenant: Tenant, phone: string, key = tenant.testKey, shipments = 1) {
    const ids: string[] = [];
    for (let i = 0; i < shipments; i++) ids.push((await shipmentsApi(t, tenant).created(fullShipment(), { issue: true, key })).id);
    const stops = [...ids.map((id) => ({ shipment_id: id, kind: 'pickup' })), ...ids.map((id) => ({ shipment_id: id, kind: 'delivery' }))];
    const res = await api('POST', '/v1/tours', key, { name: 'Run', date: today(), driver: { name: 'Piotr Nowak', phone, language: 'pl' }, stops });
    expect(res.statusCode, res.body).toBe(201);
    return { tour: res.json() as { id: string }, shipments: ids };
  }
  const outbox = (phone: string) => t.runtime.services.db.selectFrom('outbox_messages').select(['body']).where('recipient', '=', phone).execute();
  // Each sign-in from an address of the run's own: the per-address window lives in Redis, which PostgreSQL runs share.
  const signIn = (phone: string) => t.app.inject({ method: 'POST', url: DRIVER_PATHS.signIn, payload: { phone }, remoteAddress: `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` });
  const verify = (phone: string, code: string) => t.app.inject({ method: 'POST', url: DRIVER_PATHS.sessions, payload: { phone, code } });
  async function smsCode(phone: string): Promise<string> {
    expect((await signIn(phone)).statusCode).toBe(202);
    const messages = await outbox(phone);
    return /(\d{6})/.exec(messages.at(-1)!.body)![1]!;
  }
  async function session(phone: string): Promise<string> {
    const res = await verify(phone, await smsCode(phone));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token;
  }
  const sandboxSignIn = (key: string, phone: string) => api('POST', DRIVER_PATHS.sandboxSessions, key, { phone });
  /** The sandbox's driver session of the tenant's test work for the phone, through its own test key. */
  async function sandboxSession(tenant: Tenant, phone: string): Promise<string> {
    const res = await sandboxSignIn(tenant.testKey, phone);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token;
  }

  it('answers sign-in the same with and without work, and sends the SMS only when there is work', async () => {
    const worker = newPhone();
    const idle = newPhone();
    await assign(a, worker);
    const withWork = await signIn(worker);
    const without = await signIn(idle);
    expect(withWork.statusCode).toBe(202);
    expect(without.statusCode).toBe(202);
    expect(withWork.json()).toEqual(without.json());
    expect(withWork.json()).toMatchObject({ status: 'code_sent' });
    expect(Object.keys(withWork.headers).filter((h) => !h.startsWith('ratelimit') && h !== 'request-id' && h !== 'date').sort()).toEqual(
      Object.keys(without.headers).filter((h) => !h.startsWith('ratelimit') && h !== 'request-id' && h !== 'date').sort(),
    );
    expect(await outbox(worker)).toHaveLength(1);
    expect((await outbox(worker))[0]!.body).toMatch(/Twój kod logowania kierowcy: \d{6}/);
    expect(await outbox(idle)).toHaveLength(0);
    // A phone without work has no code: every code is the same otp_invalid.
    expectProblem(await verify(idle, '123456'), 'otp_invalid');
  });

  it('limits sign-ins per phone so SMS cannot be pumped (429 with Retry-After)', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) expect((await signIn(phone)).statusCode).toBe(202);
    const refused = await signIn(phone);
    expectProblem(refused, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-ins per client address too, whatever the phones', async () => {
    const remoteAddress = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const ask = () => t.app.inject({ method: 'POST', url: DRIVER_PATHS.signIn, payload: { phone: newPhone() }, remoteAddress });
    for (let i = 0; i < 20; i++) expect((await ask()).statusCode).toBe(202);
    expectProblem(await ask(), 'rate_limited');
  });

  it('opens a session of exactly 12 hours with a cookie (HttpOnly, SameSite=Strict, Path=/) and a hashed token; it ends at 12 h', async () => {
    const phone = newPhone();
    await assign(a, phone);
    const res = await verify(phone, await smsCode(phone));
    expect(res.statusCode, res.body).toBe(201);
    const { token, expires_at, session_id } = res.json();
    expect(session_id).toMatch(/^drs_/);
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(12 * HOUR);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`fds_driver=${token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=43200/);
    const stored = await t.runtime.services.db.selectFrom('driver_sessions').select('token_hash').where('id', '=', session_id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    // The code is spent.
    expectProblem(await verify(phone, (await outbox(phone)).at(-1)!.body.match(/(\d{6})/)![1]!), 'otp_invalid');

    expect((await drive('GET', DRIVER_PATHS.tours, token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: DRIVER_PATHS.tours, headers: { cookie: `fds_driver=${token}` } })).statusCode).toBe(200);
    t.clock.advance(12 * HOUR - 1000);
    expect((await drive('GET', DRIVER_PATHS.session, token)).statusCode).toBe(200);
    t.clock.advance(1000);
    expectProblem(await drive('GET', DRIVER_PATHS.tours, token), 'unauthorized');
    t.clock.advance(-12 * HOUR);
  });

  it('forgets an ended session (phone, address, browser) and an expired code a day after they ended', async () => {
    const phone = newPhone();
    await assign(a, phone);
    const { session_id } = (await verify(phone, await smsCode(phone))).json();
    await signIn(phone); // a new code, left unused
    const db = t.runtime.services.db;
    const rows = async () => ({
      sessions: (await db.selectFrom('driver_sessions').select('id').where('phone', '=', phone).execute()).length,
      grants: (await db.selectFrom('driver_session_grants').select('session_id').where('session_id', '=', session_id).execute()).length,
    });
    t.clock.advance(12 * HOUR + 23 * HOUR);
    await purgeDriverSessionsJob.handle(t.runtime.services, {});
    expect(await rows()).toEqual({ sessions: 1, grants: 1 });
    t.clock.advance(2 * HOUR);
    await purgeDriverSessionsJob.handle(t.runtime.services, {});
    expect(await rows()).toEqual({ sessions: 0, grants: 0 });
    expect(await db.selectFrom('driver_sign_in_codes').select('expires_at').where('expires_at', '<', new Date(t.clock.now().getTime() - 24 * HOUR)).execute()).toEqual([]);
    t.clock.advance(-37 * HOUR);
  });

  it('locks the phone after five wrong codes in ten minutes (429 otp_locked with Retry-After), also for the right code', async () => {
    const phone = newPhone();
    await assign(a, phone);
    const code = await smsCode(phone);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expectProblem(await verify(phone, wrong), 'otp_invalid');
    const locked = await verify(phone, code);
    expectProblem(locked, 'otp_locked');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it('takes no guessed code: 000000 for a phone with another organisation\'s sandbox tour is otp_invalid, and that tour stays out of reach', async () => {
    const phone = newPhone();
    const ofA = await assign(a, phone);
    // Anyone (B's member, or no one at all) who knows the phone tries the old sandbox code, and a few more.
    for (const code of ['000000', '123456', '111111']) expectProblem(await verify(phone, code), 'otp_invalid');
    // B's own test key cannot take a session for a phone that drives none of B's tours…
    const refused = await sandboxSignIn(b.testKey, phone);
    expectProblem(refused, 'validation_failed');
    expect(refused.json().errors).toMatchObject([{ path: '$.phone', code: 'no_open_tour' }]);
    // …and once B gives the phone a sandbox tour of its own, B's session sees that one only.
    const ofB = await assign(b, phone);
    const token = await sandboxSession(b, phone);
    expect((await drive('GET', DRIVER_PATHS.tours, token)).json().data.map((x: { id: string }) => x.id)).toEqual([ofB.tour.id]);
    expectProblem(await drive('GET', path(DRIVER_PATHS.tour, { id: ofA.tour.id }), token), 'not_found');
    expectProblem(await drive('POST', path(DRIVER_PATHS.completeStop, { id: ofA.tour.id, position: 1 }), token, { outcome: 'done' }), 'not_found');
    expectProblem(await drive('POST', path(DRIVER_PATHS.handoffs, { id: ofA.shipments[0]! }), token, { role: 'consignor' }), 'not_found');
    expect((await api('GET', `/v1/tours/${ofA.tour.id}`, a.testKey)).json().stops[0]).toMatchObject({ status: 'pending' });
  });

  it('opens a sandbox session through POST /v1/test/driver-sessions over its organisation\'s test work only; a live key is test_mode_only', async () => {
    const phone = newPhone();
    const testWork = await assign(a, phone);
    const liveWork = await assign(a, phone, a.liveKey);
    const elsewhere = await assign(b, phone);
    const res = await sandboxSignIn(a.testKey, phone);
    expect(res.statusCode, res.body).toBe(201);
    const { token, expires_at, session_id } = res.json();
    expect(token).toMatch(/^dt_/);
    expect(session_id).toMatch(/^drs_/);
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(12 * HOUR);
    // The answer goes to the integrator's server: no cookie.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const tours = (await drive('GET', DRIVER_PATHS.tours, token)).json().data;
    expect(tours.map((x: { id: string }) => x.id)).toEqual([testWork.tour.id]);
    expect(tours[0]).toMatchObject({ mode: 'test', today: true, status: 'planned', next_stop_position: 1 });
    expect((await drive('GET', DRIVER_PATHS.session, token)).json().organizations).toEqual([{ organization_id: a.organizationId, name: expect.any(String), mode: 'test' }]);
    expectProblem(await drive('GET', path(DRIVER_PATHS.tour, { id: liveWork.tour.id }), token), 'not_found');
    expectProblem(await drive('GET', path(DRIVER_PATHS.tour, { id: elsewhere.tour.id }), token), 'not_found');
    // The organisation lists it like any session of its sandbox, and can revoke it.
    expect((await api('GET', `/v1/driver-sessions?phone=${encodeURIComponent(phone)}`, a.testKey)).json().data).toMatchObject([{ id: session_id, status: 'active' }]);
    expect((await api('GET', `/v1/driver-sessions?phone=${encodeURIComponent(phone)}`, b.testKey)).json().data).toEqual([]);
    // The SMS code opens all three, for the phone's holder.
    expect((await drive('GET', DRIVER_PATHS.tours, await session(phone))).json().data).toHaveLength(3);

    expectProblem(await sandboxSignIn(a.liveKey, phone), 'test_mode_only');
    const liveOnly = newPhone();
    await assign(a, liveOnly, a.liveKey);
    expectProblem(await sandboxSignIn(a.testKey, liveOnly), 'validation_failed');
    expectProblem(await verify(liveOnly, '000000'), 'otp_invalid');
  });

  it('shows the stops with place, goods, ADR flags, a working note link and what is to do', async () => {
    const phone = newPhone();
    const { tour, shipments } = await assign(a, phone);
    const token = await sandboxSession(a, phone);
    const got = (await drive('GET', path(DRIVER_PATHS.tour, { id: tour.id }), token)).json();
    expect(got.stops.map((s: { position: number; kind: string }) => [s.position, s.kind])).toEqual([[1, 'pickup'], [2, 'delivery']]);
    const [pickup, delivery] = got.stops;
    expect(pickup.shipment).toMatchObject({ id: shipments[0], status: 'issued' });
    expect(pickup.place.address).toHaveProperty('city');
    expect(pickup.goods.packages).toBeGreaterThan(0);
    expect(pickup.adr).toHaveProperty('dangerous_goods');
    expect(pickup.todo).toEqual(['sign_carrier', 'handoff_consignor', 'remark', 'complete']);
    expect(delivery.todo).toEqual(['complete']);
    const pdf = await t.app.inject({ method: 'GET', url: pickup.note.download_url.replace(t.runtime.config.publicBaseUrl, '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('runs a tour end to end: carrier signature, handoffs, a remark with a photo, stops completed; replays applied once; capture times kept', async () => {
    const phone = newPhone();
    const { tour, shipments } = await assign(a, phone);
    const [shipmentId] = shipments as [string];
    const token = await sandboxSession(a, phone);
    const view = async () => (await drive('GET', path(DRIVER_PATHS.tour, { id: tour.id }), token)).json();
    const captured = new Date(t.clock.now().getTime() - 2 * HOUR).toISOString();

    // The carrier signs at pickup, drawn, captured two hours ago offline; the replay is applied once.
    const note = (await view()).stops[0].note;
    const body = { signature: { type: 'drawn', image: pngDataUrl() }, document_id: note.document_id, document_sha256: note.sha256, captured_at: captured };
    const url = path(DRIVER_PATHS.signatures, { id: shipmentId });
    const first = await drive('POST', url, token, body, { 'idempotency-key': `sig-${phone}` });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ role: 'carrier', method: 'drawn', level: 'platform_auth', signer_name: 'Piotr Nowak', evidence: { captured_at: captured, has_image: true } });
    const again = await drive('POST', url, token, body, { 'idempotency-key': `sig-${phone}` });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const signatures = (await api('GET', `/v1/shipments/${shipmentId}/signatures`, a.testKey)).json().data;
    expect(signatures).toHaveLength(1);
    // Another key: the use case refuses, as the API would, with its problem.
    expectProblem(await drive('POST', url, token, body, { 'idempotency-key': `sig2-${phone}` }), 'already_signed');

    // The consignor signs on the handed-over phone.
    const consignor = await drive('POST', path(DRIVER_PATHS.handoffs, { id: shipmentId }), token, { role: 'consignor' });
    expect(consignor.statusCode, consignor.body).toBe(201);
    const signToken = /\/sign\/([A-Za-z0-9_-]+)/.exec(consignor.json().url)![1]!;
    const context = (await t.app.inject({ method: 'GET', url: `/v1/sign/${signToken}` })).json();
    const submitted = await t.app.inject({ method: 'POST', url: `/v1/sign/${signToken}/submit`, payload: { signer_name: 'Anna Jansen', signature: { type: 'typed' }, document_id: context.document.id, document_sha256: context.document.sha256 } });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect((await shipmentsApi(t, a).get(shipmentId)).json().status).toBe('in_transit');

    const done = await drive('POST', path(DRIVER_PATHS.completeStop, { id: tour.id, position: 1 }), token, { outcome: 'done', captured_at: captured }, { 'idempotency-key': `stop1-${phone}` });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'in_progress', next_stop_position: 2 });
    expect(done.json().stops[0]).toMatchObject({ status: 'done', captured_at: captured });
    expect(done.json().stops[1].todo).toEqual(['handoff_consignee', 'remark', 'complete']);
    const replayed = await drive('POST', path(DRIVER_PATHS.completeStop, { id: tour.id, position: 1 }), token, { outcome: 'done', captured_at: captured }, { 'idempotency-key': `stop1-${phone}` });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');

    // A damage remark with a photo at delivery.
    const remark = await drive('POST', path(DRIVER_PATHS.remarks, { id: shipmentId }), token, { phase: 'delivery', type: 'damage', text: 'Two pallets with broken corners.', photos: [pngDataUrl()], captured_at: captured });
    expect(remark.statusCode, remark.body).toBe(201);
    expect(remark.json()).toMatchObject({ phase: 'delivery', type: 'damage', captured_at: captured });
    expect(remark.json().photo_document_ids).toHaveLength(1);
    const notImage = await drive('POST', path(DRIVER_PATHS.remarks, { id: shipmentId }), token, { phase: 'delivery', type: 'other', photos: [`data:image/png;base64,${Buffer.from('MZ not an image').toString('base64')}`] });
    expectProblem(notImage, 'unsupported_media_type');

    // A handoff link for the consignee can be opened (and is replaced by what follows)…
    const consignee = await drive('POST', path(DRIVER_PATHS.handoffs, { id: shipmentId }), token, { role: 'consignee' });
    expect(consignee.statusCode, consignee.body).toBe(201);
    expect(consignee.json().url).toMatch(/\/sign\//);
    // …but here the consignee signs in the app on the handed-over phone, queued offline an hour ago.
    const deliveredAt = new Date(t.clock.now().getTime() - HOUR).toISOString();
    const current = (await view()).stops[1].note;
    const consigneeBody = { role: 'consignee', signer_name: 'Jan Bakker', signature: { type: 'drawn', image: pngDataUrl() }, document_id: current.document_id, document_sha256: current.sha256, captured_at: deliveredAt };
    expectProblem(await drive('POST', url, token, { ...consigneeBody, signer_name: undefined }), 'validation_failed');
    const signed = await drive('POST', url, token, consigneeBody, { 'idempotency-key': `consignee-${phone}` });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toMatchObject({ role: 'consignee', signer_name: 'Jan Bakker', evidence: { captured_at: deliveredAt } });
    expect((await drive('POST', url, token, consigneeBody, { 'idempotency-key': `consignee-${phone}` })).headers['idempotent-replayed']).toBe('true');
    expect((await shipmentsApi(t, a).get(shipmentId)).json().status).toBe('delivered');
    expectProblem(await drive('POST', path(DRIVER_PATHS.handoffs, { id: shipmentId }), token, { role: 'consignee' }), 'shipment_immutable');
    const last = await drive('POST', path(DRIVER_PATHS.completeStop, { id: tour.id, position: 2 }), token, { outcome: 'done' });
    expect(last.json()).toMatchObject({ status: 'completed', next_stop_position: null });
    expect((await api('GET', `/v1/tours/${tour.id}`, a.testKey)).json()).toMatchObject({ status: 'completed' });
    expect((await api('GET', `/v1/tours/${tour.id}`, a.testKey)).json().stops[0]).toMatchObject({ captured_at: captured });

    // The same events and chain as the API's: the integrity check holds.
    expect((await shipmentsApi(t, a).integrity(shipmentId)).json()).toMatchObject({ valid: true });
    const types = (await shipmentsApi(t, a).events(shipmentId, '?limit=100')).json().data.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['signature.completed', 'remark.created', 'shipment.document_added', 'shipment.delivered']));

    // The proof of delivery shows the capture times.
    const pod = await api('GET', `/v1/shipments/${shipmentId}/pod`, a.testKey);
    expect(pod.statusCode, pod.body.slice(0, 300)).toBe(200);
    expect(pod.json().consignee.signature.evidence.captured_at).toBe(deliveredAt);
    expect(pod.json().remarks[0].captured_at).toBe(captured);
    const pdf = await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/pod`, headers: { ...t.auth(a.testKey), accept: 'application/pdf' } });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    // Rotterdam and Duisburg keep the same wall clock: the capture times print in it, zone named.
    const minute = (iso: string) => localTime(iso, 'Europe/Amsterdam');
    expect(text).toContain(`captured on the device ${minute(deliveredAt)}`);
    // The delivery line too (beside the consignee's signature): the hour at the dock beside the hour the service heard of it.
    expect(text.split(`(captured on the device ${minute(deliveredAt)}`).length - 1).toBe(2);
    expect(text).toContain(`captured on the device ${minute(captured)}`);
  });

  it('bounds captured_at: not more than 5 minutes ahead, not older than 24 hours', async () => {
    const phone = newPhone();
    const { tour } = await assign(a, phone);
    const token = await sandboxSession(a, phone);
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    // Skipped: a stop done needs its signatures (or the reason they are missing), which this is not about.
    const complete = (captured_at: string) => drive('POST', path(DRIVER_PATHS.completeStop, { id: tour.id, position: 1 }), token, { outcome: 'skipped', reason: 'Gate closed', captured_at });
    const future = await complete(at(10 * 60_000));
    expectProblem(future, 'validation_failed');
    expect(future.json().errors[0].path).toBe('$.captured_at');
    expectProblem(await complete(at(-25 * HOUR)), 'validation_failed');
    expect((await complete(at(-23 * HOUR))).statusCode).toBe(200);
  });

  it('refuses a cookie call that changes state from another origin (403), takes it from the app\'s own', async () => {
    const phone = newPhone();
    const { tour } = await assign(a, phone);
    const token = await sandboxSession(a, phone);
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: path(DRIVER_PATHS.completeStop, { id: tour.id, position: 1 }), headers: { cookie: `fds_driver=${token}`, ...headers }, payload: { outcome: 'skipped', reason: 'Gate closed' } });
    expectProblem(await post({ origin: 'https://evil.example' }), 'forbidden');
    expectProblem(await post({}), 'forbidden');
    expect((await post({ origin })).statusCode).toBe(200);
  });

  it('a second driver sees nothing of the first: every driver route with the other\'s ids is not_found', async () => {
    const first = newPhone();
    const second = newPhone();
    const { tour, shipments } = await assign(a, first);
    await assign(a, second);
    const token = await sandboxSession(a, second);
    expect((await drive('GET', DRIVER_PATHS.tours, token)).json().data.map((x: { id: string }) => x.id)).not.toContain(tour.id);
    const shipmentId = shipments[0]!;
    const calls: [string, string, unknown][] = [
      ['GET', path(DRIVER_PATHS.tour, { id: tour.id }), undefined],
      ['POST', path(DRIVER_PATHS.completeStop, { id: tour.id, position: 1 }), { outcome: 'done' }],
      ['POST', path(DRIVER_PATHS.signatures, { id: shipmentId }), { signature: { type: 'typed' }, document_id: 'doc_01JC0000000000000000000000', document_sha256: '0'.repeat(64) }],
      ['POST', path(DRIVER_PATHS.handoffs, { id: shipmentId }), { role: 'consignor' }],
      ['POST', path(DRIVER_PATHS.remarks, { id: shipmentId }), { phase: 'pickup', type: 'other' }],
    ];
    for (const [method, url, payload] of calls) expectProblem(await drive(method as 'GET', url, token, payload), 'not_found');
    // Nor through the organisation's API key: a driver token is no API key.
    expectProblem(await drive('GET', `/v1/tours/${tour.id}`, token), 'invalid_api_key');
  });

  it('lets one organisation revoke its grant without touching another\'s, and signs out', async () => {
    const phone = newPhone();
    const ofA = await assign(a, phone);
    const ofB = await assign(b, phone);
    const token = await session(phone);
    expect((await drive('GET', DRIVER_PATHS.tours, token)).json().data).toHaveLength(2);
    const sessionId = (await drive('GET', DRIVER_PATHS.session, token)).json().id;

    const listed = (await api('GET', `/v1/driver-sessions?phone=${encodeURIComponent(phone)}`, a.testKey)).json();
    expect(listed.data).toMatchObject([{ id: sessionId, phone, status: 'active', revoked_at: null }]);
    // Another organisation's key, or the other mode's, finds no such session to revoke.
    expectProblem(await api('POST', `/v1/driver-sessions/${sessionId}/revoke`, a.liveKey), 'not_found');
    const revoked = await api('POST', `/v1/driver-sessions/${sessionId}/revoke`, a.testKey);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });

    expectProblem(await drive('GET', path(DRIVER_PATHS.tour, { id: ofA.tour.id }), token), 'not_found');
    expectProblem(await drive('POST', path(DRIVER_PATHS.handoffs, { id: ofA.shipments[0]! }), token, { role: 'consignor' }), 'not_found');
    expect((await drive('GET', path(DRIVER_PATHS.tour, { id: ofB.tour.id }), token)).statusCode).toBe(200);
    expect((await api('GET', `/v1/driver-sessions?phone=${encodeURIComponent(phone)}`, b.testKey)).json().data).toMatchObject([{ id: sessionId, status: 'active' }]);

    // B revokes too: nothing left, the session no longer works.
    await api('POST', `/v1/driver-sessions/${sessionId}/revoke`, b.testKey);
    expectProblem(await drive('GET', DRIVER_PATHS.tours, token), 'unauthorized');

    const other = await session(phone);
    const out = await drive('DELETE', DRIVER_PATHS.session, other);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/fds_driver=;.*Max-Age=0/);
    expectProblem(await drive('GET', DRIVER_PATHS.tours, other), 'unauthorized');
  });
});
