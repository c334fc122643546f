/**
 * The right signer at each stop (docs/tours.md, docs/driver.md): a stop is done with its
 * signatures or with the driver's reason for their absence, else 409 `signatures_missing`; the
 * reason is chained on the shipment, printed on the next note version and on the POD (JSON and
 * PDF); the phone goes to the sender at a pickup and to the consignee at a delivery only; a party
 * signing on a handed-over phone never hands it on; tours take any two-letter driver language.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_PATHS } from '../../src/modules/driver/driver.routes.js';
import { TOUR_PATHS } from '../../src/modules/tours/tours.routes.js';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/problems.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const newPhone = () => `+4860${randomInt(1_000_000, 9_999_999)}${randomInt(0, 10)}`;
const path = (template: string, params: Record<string, string | number>) => template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'stop-signatures-'));
  writeFileSync(join(dir, 'doc.pdf'), bytes);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  rmSync(dir, { recursive: true, force: true });
  return text;
}

describe.each(backends())('stop signatures on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { RATE_LIMIT_REQUESTS: '1000000' } });
    tenant = await t.newTenant();
  }, 180_000);
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...t.auth(tenant.testKey), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const drive = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  async function tourOf(language = 'pl') {
    const id = (await shipmentsApi(t, tenant).created(fullShipment(), { issue: true })).id;
    const phone = newPhone();
    const res = await api('POST', TOUR_PATHS.collection, { name: 'Run', date: t.clock.now().toISOString().slice(0, 10), driver: { name: 'Piotr Nowak', phone, language }, stops: [{ shipment_id: id, kind: 'pickup' }, { shipment_id: id, kind: 'delivery' }] });
    expect(res.statusCode, res.body).toBe(201);
    const token = (await api('POST', '/v1/test/driver-sessions', { phone })).json().token as string;
    return { tour: res.json() as { id: string; driver: { language: string } }, id, token };
  }
  const noteText = async (id: string) => {
    const [note] = (await api('GET', `/v1/shipments/${id}/documents`)).json().data.filter((d: { kind: string }) => d.kind === 'consignment_note').sort((x: { version: number }, y: { version: number }) => y.version - x.version);
    const url = (await api('POST', `/v1/documents/${note.id}/download-url`)).json().url as string;
    return { version: note.version as number, text: pdfText((await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search })).rawPayload) };
  };

  it('refuses a stop done without its signatures (409 naming who), other without text (422); closes a pickup with "sender absent" on the chain, the note and the POD', async () => {
    const { tour, id, token } = await tourOf();
    const complete = (position: number, body: unknown) => api('POST', path(TOUR_PATHS.completeStop, { id: tour.id, position }), body);
    const missing = expectProblem(await complete(1, { outcome: 'done' }), 'signatures_missing');
    expect(missing.errors.map((e: { params: { role: string } }) => e.params.role)).toEqual(['carrier', 'consignor']);
    expectProblem(await drive(path(DRIVER_PATHS.completeStop, { id: tour.id, position: 1 }), token, { outcome: 'done' }), 'signatures_missing');
    expectProblem(await complete(1, { outcome: 'done', missing_signatures: { reason: 'other' } }), 'validation_failed');

    // The driver signs for the carrier; the sender is not there.
    const before = await noteText(id);
    const current = (await api('GET', `/v1/shipments/${id}/documents`)).json().data.find((d: { kind: string; version: number }) => d.kind === 'consignment_note' && d.version === before.version);
    expect((await drive(path(DRIVER_PATHS.signatures, { id }), token, { signature: { type: 'typed' }, document_id: current.id, document_sha256: current.sha256 })).statusCode).toBe(201);
    const captured = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const done = await drive(path(DRIVER_PATHS.completeStop, { id: tour.id, position: 1 }), token, { outcome: 'done', missing_signatures: { reason: 'party_absent', text: 'Gate closed' }, captured_at: captured });
    expect(done.statusCode, done.body).toBe(200);
    expect((await shipmentsApi(t, tenant).get(id)).json().status).toBe('in_transit');
    const events = (await api('GET', `/v1/shipments/${id}/events`)).json().data;
    expect(events.find((e: { type: string }) => e.type === 'stop.closed_unsigned').data).toMatchObject({ tour_id: tour.id, position: 1, kind: 'pickup', missing: ['consignor'], reason: 'party_absent', text: 'Gate closed', captured_at: captured });
    expect((await api('GET', `/v1/shipments/${id}/integrity`)).json().valid).toBe(true);
    const after = await noteText(id);
    expect(after.version).toBe(before.version + 2);
    expect(after.text).toContain('Sender: absent — Gate closed');

    // At delivery the consignee signs: the POD says how the pickup was closed.
    expectProblem(await drive(path(DRIVER_PATHS.handoffs, { id }), token, { role: 'consignor' }), 'conflict');
    const latest = (await api('GET', `/v1/shipments/${id}/documents`)).json().data.find((d: { kind: string; version: number }) => d.kind === 'consignment_note' && d.version === after.version);
    expect((await drive(path(DRIVER_PATHS.signatures, { id }), token, { role: 'consignee', signer_name: 'Jan Jansen', signature: { type: 'typed' }, document_id: latest.id, document_sha256: latest.sha256 })).statusCode).toBe(201);
    expect((await drive(path(DRIVER_PATHS.completeStop, { id: tour.id, position: 2 }), token, { outcome: 'done' })).statusCode).toBe(200);
    const pod = (await api('GET', `/v1/shipments/${id}/pod`)).json();
    expect(pod.unsigned_stops).toMatchObject([{ kind: 'pickup', missing: ['consignor'], reason: 'party_absent', text: 'Gate closed', captured_at: captured }]);
    const pdf = await api('GET', `/v1/shipments/${id}/pod`, undefined, { accept: 'application/pdf' });
    expect(pdfText(pdf.rawPayload)).toContain('Sender: absent — Gate closed');
  });

  it('hands the phone to the sender at a pickup only; the sender\'s handed-over link cannot hand on to the consignee', async () => {
    const { id, token } = await tourOf();
    expectProblem(await drive(path(DRIVER_PATHS.handoffs, { id }), token, { role: 'consignee' }), 'conflict');
    const handed = await drive(path(DRIVER_PATHS.handoffs, { id }), token, { role: 'consignor' });
    expect(handed.statusCode, handed.body).toBe(201);
    const signToken = new URL(handed.json().url).pathname.split('/').pop()!;
    expectProblem(await t.app.inject({ method: 'POST', url: `/v1/sign/${signToken}/handoff` }), 'conflict');
  });

  it('takes a driver language without words ("es"): the tour keeps it, the app speaks English', async () => {
    const { tour } = await tourOf('es');
    expect(tour.driver.language).toBe('es');
    const page = await t.app.inject({ method: 'GET', url: '/driver?lang=es' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en"');
    expectProblem(await api('POST', TOUR_PATHS.collection, { name: 'Run', date: '2026-12-05', driver: { name: 'X', phone: newPhone(), language: 'esp' }, stops: [] }), 'validation_failed');
  });
});
