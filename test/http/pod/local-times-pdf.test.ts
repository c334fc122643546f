/**
 * Times for people, UTC for machines: the consignment note and the proof of delivery print each
 * time on the wall clock of its place with the zone named — the Warsaw pickup window in CET, the
 * Helsinki delivery in EEST, signatures and remarks in the zone of the stop where they were made
 * (the consignor's and carrier's in Warsaw, the consignee's in Helsinki) — while the JSON of the same shipment keeps ISO 8601 UTC.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { POD_PATH } from '../../../src/modules/pod/pod.routes.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { warsawToHelsinki } from '../../support/local-time-shipment.js';
import { remarksApi } from '../../support/remarks-api.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

const folder = join(process.env.SIGN_APP_SCREENS ?? join(tmpdir(), 'sign-app-screens'), 'local-times');
mkdirSync(folder, { recursive: true });

/** The text of a PDF as `pdftotext` reads it, whitespace folded; the file is kept to look at. */
function pdfText(bytes: Buffer, name: string): string {
  const path = join(folder, `${name}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe.each(backends())('local times in the note and the proof of delivery on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { clock: new ManualClock(new Date('2027-01-14T15:00:00Z')) });
  });
  afterAll(() => t.close());

  it('prints the Warsaw pickup in CET, the Helsinki delivery in EEST, and keeps UTC in the JSON', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const documents = documentsApi(t, tenant);
    const sign = (role: string, signer_name: string) => t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name } });
    const created = await shipments.created(warsawToHelsinki(), { issue: true });
    const id = created.id;
    expect(created).toMatchObject({ pickup: { window: { from: '2027-01-15T07:00:00Z' } }, delivery: { window: { from: '2027-07-15T06:00:00Z' } } });

    const notePdf = async (name: string) => {
      const list = (await documents.list(id)).json().data as { id: string; kind: string; version: number }[];
      const current = list.filter((d) => d.kind === 'consignment_note').sort((a, b) => b.version - a.version)[0]!;
      return pdfText((await documents.download(current.id)).rawPayload, name);
    };
    const first = await notePdf('note-v1');
    expect(first).toContain('2027-01-15 08:00 CET – 2027-01-15 10:00 CET');
    expect(first).toContain('2027-07-15 09:00 EEST – 2027-07-15 11:00 EEST');
    // Box 21: established in Warsaw at the issue time, 15:00 UTC in January.
    expect(first).toContain('Warszawa · 2027-01-14 16:00 CET');
    expect(first).not.toMatch(/\d\d:\d\d UTC/);

    t.clock.set(new Date('2027-01-15T07:30:00Z'));
    expect((await sign('consignor', 'Anna Kowalska')).statusCode).toBe(201);
    expect((await sign('carrier', 'Piotr Nowak')).statusCode).toBe(201);
    t.clock.set(new Date('2027-07-15T06:45:00Z'));
    await remarksApi(t, tenant).created(id, { phase: 'delivery', type: 'shortage', text: 'One carton missing.' });
    expect((await sign('consignee', 'Aino Virtanen')).statusCode).toBe(201);

    const last = await notePdf('note-delivered');
    // Signatures and remarks on the wall clock of their stop: the pickup's in Warsaw in winter, the
    // consignee's and the delivery remark in Helsinki in summer — one zone for one moment on the page.
    expect(last).toContain('2027-01-15 08:30 CET');
    expect(last).toContain('2027-07-15 09:45 EEST');
    expect(last).not.toContain('CEST');

    const json = (await t.app.inject({ method: 'GET', url: POD_PATH.replace(':id', id), headers: t.auth(tenant.testKey) })).json();
    expect(json.delivered_at).toBe('2027-07-15T06:45:00.000Z');
    const pod = pdfText((await t.app.inject({ method: 'GET', url: POD_PATH.replace(':id', id), headers: { ...t.auth(tenant.testKey), accept: 'application/pdf' } })).rawPayload, 'pod');
    // Delivered in Helsinki at 09:45 summer time, and signed there at the same moment: one zone.
    expect(pod).toContain('2027-07-15 09:45 EEST');
    expect(pod).toContain('Aino Virtanen · 2027-07-15 09:45 EEST');
    expect(pod).not.toContain('CEST');
    expect(pod).not.toMatch(/\d\d:\d\d UTC/);
  });
});
