/**
 * Issuing renders version 1 of the note before its transaction (DESIGN, Lifecycle: render, store,
 * then commit in a short transaction that re-checks the head): while the note renders no
 * transaction is open and no row is locked, so other requests on the shipment and the database go
 * on; a change committed meanwhile makes the issue render again from the new head, so the note
 * that commits shows it; a shipment that keeps changing ends in 409 `conflict` with nothing
 * written, and the bytes rendered for it removed.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_ATTEMPTS } from '../../../src/modules/shipments/change-with-render.js';
import type { RenderJob } from '../../../src/ports/pdf-renderer.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { gatedRenderer, holdNextRender, renders } from '../../support/gated-renderer.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

/** The promise's value, or a failure naming what did not finish while the render was held. */
function within<T>(promise: Promise<T>, what: string, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} waited on the render`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

type NoteJob = RenderJob & { input: { document_id: string; shipment: { reference?: string } } };

describe.each(backends())('render before the transaction on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { renderer: gatedRenderer });
  });
  afterEach(() => {
    renders.before = undefined;
  });
  afterAll(() => t.close());

  const objectKey = (tenant: Tenant, shipmentId: string, documentId: string) => `${tenant.organizationId}/test/shipments/${shipmentId}/${documentId}.pdf`;

  it('while the note renders, no transaction is open: another create commits and the row takes a lock at once', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(fullShipment());
    const hold = holdNextRender();
    const issuing = shipments.post(draft.id, 'issue');
    await hold.arrived;

    // PGlite has one connection, PostgreSQL a pool: a create needs one and commits its own statement.
    expect((await within(shipments.create(fullShipment()), 'a create')).statusCode).toBe(201);
    const db = t.runtime.services.db;
    // NOWAIT fails at once on a row another transaction has locked.
    const locked = db.transaction().execute((trx) => sql`select id from shipments where id = ${draft.id} for update nowait`.execute(trx));
    expect((await within(locked, 'a row lock')).rows).toHaveLength(1);
    if (backend.databaseUrl) {
      const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where usename = current_user and datname = current_database() and state like 'idle in transaction%'`.execute(db);
      expect(open.rows[0]!.n).toBe(0);
    }

    hold.release();
    const issued = await issuing;
    expect(issued.statusCode).toBe(200);
    expect(issued.json().status).toBe('issued');
    expect((await documentsApi(t, tenant).list(draft.id)).json().data.map((d: { version: number }) => d.version)).toEqual([1]);
  });

  it('a change committed during the render: the issue renders again from the new head, and the note that commits shows both', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(fullShipment());
    const jobs: NoteJob[] = [];
    const hold = holdNextRender();
    const held = renders.before!;
    renders.before = async (job) => {
      jobs.push(job as NoteJob);
      await held(job);
    };
    const issuing = shipments.post(draft.id, 'issue');
    await hold.arrived;
    const patched = await within(shipments.patch(draft.id, { reference: 'PO-CHANGED-DURING-RENDER' }), 'an update of the shipment');
    expect(patched.statusCode).toBe(200);
    renders.before = async (job) => void jobs.push(job as NoteJob);
    hold.release();

    const issued = await issuing;
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'issued', reference: 'PO-CHANGED-DURING-RENDER' });
    expect(jobs).toHaveLength(2);
    expect(jobs.map((j) => j.input.shipment.reference)).toEqual([draft.reference, 'PO-CHANGED-DURING-RENDER']);
    const documents = (await documentsApi(t, tenant).list(draft.id)).json().data;
    expect(documents.map((d: { id: string; version: number }) => [d.id, d.version])).toEqual([[jobs[1]!.input.document_id, 1]]);
    // The first render's bytes belonged to a change that never committed.
    expect(await t.runtime.services.objects.get(objectKey(tenant, draft.id, jobs[0]!.input.document_id))).toBeNull();
    const events = (await shipments.events(draft.id)).json().data;
    expect(events.map((e: { seq: number; type: string }) => [e.seq, e.type])).toEqual([
      [1, 'shipment.created'],
      [2, 'shipment.updated'],
      [3, 'shipment.issued'],
    ]);
    expect((await shipments.integrity(draft.id)).json()).toMatchObject({ valid: true });
  });

  it(`a shipment that changes during each of ${RENDER_ATTEMPTS} renders: 409 conflict, nothing of the issue written, and the retry succeeds`, async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(fullShipment());
    const jobs: NoteJob[] = [];
    renders.before = async (job) => {
      jobs.push(job as NoteJob);
      expect((await shipments.patch(draft.id, { reference: `PO-MOVED-${jobs.length}` })).statusCode).toBe(200);
    };

    const refused = await shipments.post(draft.id, 'issue');
    expectProblem(refused, 'conflict');
    expect(refused.json().detail).toMatch(/changed while its consignment note was rendered/);
    expect(jobs).toHaveLength(RENDER_ATTEMPTS);
    expect((await shipments.get(draft.id)).json()).toMatchObject({ status: 'draft', reference: `PO-MOVED-${RENDER_ATTEMPTS}` });
    expect((await shipments.events(draft.id)).json().data.map((e: { type: string }) => e.type)).toEqual(['shipment.created', ...jobs.map(() => 'shipment.updated')]);
    expect((await documentsApi(t, tenant).list(draft.id)).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: t.auth(tenant.testKey) })).json().data).toEqual([]);
    for (const job of jobs) expect(await t.runtime.services.objects.get(objectKey(tenant, draft.id, job.input.document_id))).toBeNull();

    renders.before = undefined;
    expect((await shipments.post(draft.id, 'issue')).json()).toMatchObject({ status: 'issued', reference: `PO-MOVED-${RENDER_ATTEMPTS}` });
  });
});
