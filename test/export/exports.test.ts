/**
 * The exports routes and job (docs/export.md): 202 with progress, Idempotency-Key,
 * progress while the job runs, the signed download and its expiry, not_found for another
 * organisation's or mode's export, the list, `export.completed` / `export.failed` events, a writer
 * that died taken over, an export never left running forever, and the retention purge.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LINK_SECONDS, EXPORT_RETENTION_DAYS, MAX_RUNS, STALE_MS } from '../../src/modules/exports/export-policy.js';
import type { ExportProgress } from '../../src/modules/exports/export-status.js';
import { claimExportRun, recordExportProgress } from '../../src/modules/exports/exports.repository.js';
import { ABANDONED_MS, purgeExportsJob } from '../../src/modules/exports/purge-exports.job.js';
import { writeExport } from '../../src/modules/exports/write-export.js';
import { backends } from '../support/backends.js';
import { documentsApi } from '../support/documents-api.js';
import { exportsApi } from '../support/exports-api.js';
import { expectProblem } from '../support/problems.js';
import { jpeg } from '../support/sample-files.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends())('exports on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    // Its own database on PostgreSQL: the job loop claims export jobs of any organisation, and this app's object store holds its zips.
    t = await buildTestApp(backend, { ownDatabase: true });
    tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    for (let i = 0; i < 3; i++) await documentsApi(t, tenant).uploaded(shipment.id, { kind: 'photo', filename: `p${i}.jpg`, contentType: 'image/jpeg', bytes: jpeg() });
  }, 60_000);
  afterAll(() => t?.close());

  const api = () => exportsApi(t, tenant);
  const row = (id: string) => t.runtime.services.db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const feed = async (type: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/events?type=${type}`, headers: t.auth(tenant.testKey) });
    return res.json().data as { type: string; data: Record<string, unknown> }[];
  };

  describe('success', () => {
    it('answers 202 with a running export and its progress, then completes with a download link, size and SHA-256', async () => {
      const res = await api().create();
      expect(res.statusCode, res.body).toBe(202);
      const started = res.json();
      expect(started).toMatchObject({ status: 'running', progress: { files: 0, records: 0, documents: 0 }, download_url: null, size: null, sha256: null });
      expect(started.id).toMatch(/^exp_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
      expect(res.headers.location).toBe(`/v1/exports/${started.id}`);
      expect((await api().get(started.id)).json().status).toBe('running');

      await api().runJobs();
      const done = (await api().get(started.id)).json();
      expect(done).toMatchObject({ status: 'completed', progress: { documents: 4, documents_total: 4 }, error: null });
      expect(done.progress.bytes).toBe(done.progress.bytes_total);
      expect(new Date(done.expires_at).getTime() - new Date(done.completed_at).getTime()).toBe(EXPORT_RETENTION_DAYS * DAY);
      const zip = await api().fetch(done.download_url);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.rawPayload.length).toBe(done.size);
      expect(createHash('sha256').update(zip.rawPayload).digest('hex')).toBe(done.sha256);
      expect(zip.headers.etag).toBe(`"${done.sha256}"`);

      const events = await feed('export.completed');
      expect(events.find((e) => e.data.export_id === started.id)?.data).toMatchObject({ status: 'completed', size: done.size, sha256: done.sha256 });
      // Metered with the completion: one export that day, and the zip's bytes in the day's stored total.
      const usage = async (metric: string) => (await t.app.inject({ method: 'GET', url: `/v1/usage?metric=${metric}`, headers: t.auth(tenant.testKey) })).json().data as { date: string; value: number }[];
      const today = done.completed_at.slice(0, 10);
      expect((await usage('exports')).find((r) => r.date === today)?.value).toBeGreaterThanOrEqual(1);
      const documentBytes = Number((await t.runtime.services.db.selectFrom('documents').select((eb) => eb.fn.sum<string>('size').as('n')).where('organization_id', '=', tenant.organizationId).where('mode', '=', 'test').executeTakeFirstOrThrow()).n);
      expect((await usage('storage_bytes')).find((r) => r.date === today)?.value).toBeGreaterThanOrEqual(documentBytes + done.size);
      expect((await api().list()).json().data.map((e: { id: string }) => e.id)).toContain(started.id);
    });

    it('gives the first answer again for a repeated Idempotency-Key, and starts one export', async () => {
      const headers = { 'idempotency-key': `export-${Date.now()}` };
      const first = await api().create(undefined, headers);
      const again = await api().create(undefined, headers);
      expect(again.statusCode).toBe(202);
      expect(again.json().id).toBe(first.json().id);
      expect(again.headers['idempotent-replayed']).toBe('true');
      await api().runJobs();
    });

    it('shows progress counts while the job writes the zip', async () => {
      const id = (await api().create()).json().id;
      const services = t.runtime.services;
      expect(await claimExportRun(services.db, id, 'run_probe', t.clock.now(), t.clock.now())).toBe(true);
      const seen: ExportProgress[] = [];
      await writeExport(services, {
        exportId: id,
        tenant: { organizationId: tenant.organizationId, mode: 'test' },
        objectKey: `${tenant.organizationId}/test/exports/${id}-probe.zip`,
        heartbeat: async (progress) => {
          const ok = await recordExportProgress(services.db, id, 'run_probe', progress, t.clock.now());
          seen.push((await api().get(id)).json().progress);
          return ok;
        },
      });
      expect(seen.some((p) => p.files > 0 && p.documents === 0 && p.records > 0)).toBe(true);
      expect(seen.some((p) => p.documents > 0 && p.documents < p.documents_total)).toBe(true);
      expect(seen.map((p) => p.files)).toEqual([...seen.map((p) => p.files)].sort((a, b) => a - b));
      expect(seen.at(-1)).toMatchObject({ documents: 4, documents_total: 4 });
    });
  });

  describe('the signed download', () => {
    it('expires after its time (410 link_expired) and refuses an edited link (403); a new read gives a new link', async () => {
      const done = await api().completed();
      t.clock.advance((EXPORT_LINK_SECONDS + 1) * 1000);
      try {
        expectProblem(await api().fetch(done.download_url), 'link_expired');
        const fresh = (await api().get(done.id)).json();
        expect((await api().fetch(fresh.download_url)).statusCode).toBe(200);
        // The signature's first character changed (to 'A' it was one time in 64 already).
        const edited = fresh.download_url.replace(/signature=(.)/, (_: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
        expect(edited).not.toBe(fresh.download_url);
        expectProblem(await api().fetch(edited), 'forbidden');
      } finally {
        t.clock.advance(-(EXPORT_LINK_SECONDS + 1) * 1000);
      }
    });
  });

  describe('not_found and scope', () => {
    it("answers not_found for another organisation's export and for the other mode's", async () => {
      const done = await api().completed();
      const other = await t.newTenant();
      expectProblem(await exportsApi(t, other).get(done.id), 'not_found');
      expectProblem(await api().get(done.id, tenant.liveKey), 'not_found');
      expect((await exportsApi(t, other).list()).json().data).toEqual([]);
      expectProblem(await api().get('exp_nope'), 'invalid_id');
    });

    it('needs the export:manage scope', async () => {
      const narrow = await t.newTenant({ scopes: ['shipments:read'] });
      expectProblem(await exportsApi(t, narrow).create(), 'insufficient_scope');
    });
  });

  describe('crash safety', () => {
    it('takes over an export whose writer died, and leaves one whose writer is alive to it', async () => {
      const id = (await api().create()).json().id;
      const db = t.runtime.services.db;
      // A worker claimed it and died: its heartbeat stops.
      expect(await claimExportRun(db, id, 'run_dead', t.clock.now(), t.clock.now())).toBe(true);
      await api().runJobs();
      expect((await row(id)).status).toBe('running');
      t.clock.advance(STALE_MS + 1000);
      await api().runJobs();
      const done = await row(id);
      expect(done).toMatchObject({ status: 'completed', runs: 2 });
    });

    it(`fails an export whose writer died ${MAX_RUNS} times, with export.failed`, async () => {
      const id = (await api().create()).json().id;
      await t.runtime.services.db.updateTable('exports').set({ runs: MAX_RUNS, runner: 'run_dead', heartbeat_at: t.clock.now() }).where('id', '=', id).execute();
      t.clock.advance(STALE_MS + 1000);
      await api().runJobs();
      const failed = (await api().get(id)).json();
      expect(failed).toMatchObject({ status: 'failed', download_url: null });
      expect(failed.error).toContain(`interrupted ${MAX_RUNS} times`);
      expect((await feed('export.failed')).find((e) => e.data.export_id === id)?.data.status).toBe('failed');
    });

    it('fails an export nobody has written for an hour (its jobs were lost), and purges exports past their retention with their zip', async () => {
      const db = t.runtime.services.db;
      const lost = (await api().create()).json().id;
      await db.deleteFrom('jobs').where('payload', '@>', JSON.stringify({ export_id: lost }) as never).execute();
      const kept = await api().completed();
      const key = (await row(kept.id)).object_key!;
      t.clock.advance(ABANDONED_MS + 1000);
      await purgeExportsJob.handle(t.runtime.services, {});
      expect((await row(lost)).status).toBe('failed');
      expect(await t.runtime.services.objects.get(key)).not.toBeNull();

      t.clock.advance(EXPORT_RETENTION_DAYS * DAY);
      await purgeExportsJob.handle(t.runtime.services, {});
      expectProblem(await api().get(kept.id), 'not_found');
      expectProblem(await api().get(lost), 'not_found');
      expect(await t.runtime.services.objects.get(key)).toBeNull();
      // The purged zip's bytes left the stored total of that day.
      const day = t.clock.now().toISOString().slice(0, 10);
      const stored = (await t.app.inject({ method: 'GET', url: `/v1/usage?metric=storage_bytes&date_gte=${day}&date_lte=${day}`, headers: t.auth(tenant.testKey) })).json().data[0].value as number;
      const zips = Number((await t.runtime.services.db.selectFrom('exports').select((eb) => eb.fn.sum<string>('size').as('n')).where('organization_id', '=', tenant.organizationId).executeTakeFirstOrThrow()).n ?? 0);
      const documentBytes = Number((await t.runtime.services.db.selectFrom('documents').select((eb) => eb.fn.sum<string>('size').as('n')).where('organization_id', '=', tenant.organizationId).where('mode', '=', 'test').where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);
      expect(stored).toBe(documentBytes + zips);
    });
  });
});
