/**
 * GET /v1/usage, every metric: signatures by level and notifications by channel
 * counted with their act (a refused act counts nothing, a rolled-back transaction leaves nothing),
 * storage_bytes as the end-of-day total across days (deletions subtracted, days without a change
 * carried), and exports through recordExport.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { withTransaction, writeAsOneStatement } from '../../../src/ports/database.js';
import { recordExport, storageWrite, usageWrite } from '../../../src/modules/usage/record-usage.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { pdf, png } from '../../support/sample-files.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(backends())('usage metrics on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { clock: new ManualClock(new Date('2026-03-09T10:00:00Z')) });
  });
  afterAll(() => t.close());

  const usage = async (tenant: Tenant, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/usage${query}`, headers: t.auth(tenant.testKey) });
    expect(res.statusCode).toBe(200);
    return res.json().data as { date: string; metric: string; value: number; breakdown?: Record<string, number> }[];
  };
  const today = () => t.clock.now().toISOString().slice(0, 10);

  it('counts signatures by level and notifications by channel with their act; refused acts count nothing', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: t.auth(tenant.testKey), payload });
    expect((await post(`/v1/shipments/${shipment.id}/signature-requests`, { role: 'consignee', channel: 'email' })).statusCode).toBe(201);
    expect((await post(`/v1/shipments/${shipment.id}/signature-requests`, { role: 'carrier', channel: 'sms', recipient: '+31612345678' })).statusCode).toBe(201);
    expect((await post(`/v1/shipments/${shipment.id}/signatures`, { role: 'consignor', signer_name: 'Sanne de Vries' })).statusCode).toBe(201);
    // Refused: the consignee signs at delivery, not before pickup. Its transaction counts nothing.
    expect((await post(`/v1/shipments/${shipment.id}/signatures`, { role: 'consignee', signer_name: 'Jonas Becker' })).statusCode).toBe(409);

    expect(await usage(tenant, '?metric=signatures')).toEqual([{ date: today(), metric: 'signatures', value: 1, breakdown: { platform_auth: 1 } }]);
    expect(await usage(tenant, '?metric=notifications')).toEqual([{ date: today(), metric: 'notifications', value: 2, breakdown: { email: 1, sms: 1 } }]);
    // The live mode of the same organisation has none of it.
    const live = await t.app.inject({ method: 'GET', url: '/v1/usage?metric=signatures', headers: t.auth(tenant.liveKey) });
    expect(live.json().data).toEqual([]);
  });

  it('a rolled-back transaction leaves no usage; a committed export counts once', async () => {
    const tenant = await t.newTenant();
    const ctx = { organizationId: tenant.organizationId, mode: 'test' as const };
    const db = t.runtime.services.db;
    const now = t.clock.now();
    await expect(
      withTransaction(db, async (trx) => {
        await writeAsOneStatement(trx, [usageWrite(trx, ctx, 'signatures', now, 1, 'qes'), storageWrite(trx, ctx, now, 5000), recordExport(trx, ctx, now)]);
        throw new Error('the act fails after its usage was written');
      }),
    ).rejects.toThrow('the act fails');
    expect(await usage(tenant, '')).toEqual([]);

    await withTransaction(db, async (trx) => writeAsOneStatement(trx, [recordExport(trx, ctx, now)]));
    expect(await usage(tenant, '?metric=exports')).toEqual([{ date: today(), metric: 'exports', value: 1 }]);
  });

  it('meters two changes of one counter in one statement as one increment (a signature storing its note version and its drawn image)', async () => {
    const tenant = await t.newTenant();
    const { db } = t.runtime.services;
    const ctx = { organizationId: tenant.organizationId, mode: 'test' as const };
    const now = t.clock.now();
    // The same shard for every write: unfolded, the second upsert of the row would fail the statement.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      await writeAsOneStatement(db, [storageWrite(db, ctx, now, 700), usageWrite(db, ctx, 'signatures', now, 1, 'ades'), storageWrite(db, ctx, now, 300), usageWrite(db, ctx, 'signatures', now, 1, 'ades')]);
    } finally {
      random.mockRestore();
    }
    expect(await usage(tenant, '?metric=storage_bytes')).toEqual([{ date: today(), metric: 'storage_bytes', value: 1000 }]);
    expect(await usage(tenant, '?metric=signatures')).toEqual([{ date: today(), metric: 'signatures', value: 2, breakdown: { ades: 2 } }]);
  });

  it('storage_bytes is the end-of-day total of each day: uploads added, deletions subtracted, quiet days carried', async () => {
    const tenant = await t.newTenant();
    const docs = documentsApi(t, tenant);
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const day1 = today();
    const note = (await docs.list(shipment.id)).json().data[0];
    const attachment = await docs.uploaded(shipment.id, { kind: 'attachment', bytes: pdf() });

    t.clock.advance(DAY_MS);
    const day2 = today();
    const photo = await docs.uploaded(shipment.id, { kind: 'photo', bytes: png(40) });

    t.clock.advance(DAY_MS);
    const day3 = today(); // nothing stored or deleted

    t.clock.advance(DAY_MS);
    const day4 = today();
    expect((await docs.delete(attachment.id)).statusCode).toBe(204);

    const before = new Date(Date.parse(day1) - DAY_MS).toISOString().slice(0, 10);
    const after = new Date(Date.parse(day4) + 5 * DAY_MS).toISOString().slice(0, 10);
    expect(await usage(tenant, `?metric=storage_bytes&date_gte=${before}&date_lte=${after}`)).toEqual([
      { date: day4, metric: 'storage_bytes', value: note.size + photo.size },
      { date: day3, metric: 'storage_bytes', value: note.size + attachment.size + photo.size },
      { date: day2, metric: 'storage_bytes', value: note.size + attachment.size + photo.size },
      { date: day1, metric: 'storage_bytes', value: note.size + attachment.size },
    ]);
    // A range that starts after the uploads still shows what was kept: the total carried into it.
    expect(await usage(tenant, `?metric=storage_bytes&date_gte=${day3}&date_lte=${day3}`)).toEqual([{ date: day3, metric: 'storage_bytes', value: note.size + attachment.size + photo.size }]);
    // Every metric together, newest day first and metrics in name order; paged by day and metric.
    const all = await usage(tenant, `?date_gte=${day1}&date_lte=${day4}`);
    expect(all.map((r) => `${r.date} ${r.metric}`)).toEqual([`${day4} storage_bytes`, `${day3} storage_bytes`, `${day2} storage_bytes`, `${day1} shipments_issued`, `${day1} storage_bytes`]);
    const first = await t.app.inject({ method: 'GET', url: `/v1/usage?date_gte=${day1}&date_lte=${day4}&limit=3`, headers: t.auth(tenant.testKey) });
    const next = await t.app.inject({ method: 'GET', url: `/v1/usage?date_gte=${day1}&date_lte=${day4}&limit=3&cursor=${first.json().next_cursor}`, headers: t.auth(tenant.testKey) });
    expect([...first.json().data, ...next.json().data]).toEqual(all);
    expect(next.json().has_more).toBe(false);
  });
});
