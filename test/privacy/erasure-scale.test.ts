/**
 * An erasure's reads and writes hold however many records the subject appears in: the lists of
 * shipment and event ids an erasure gathers, and the items a retention duty keeps, travel as one
 * array each, not as a parameter per id, which PostgreSQL caps at 65,535 a statement.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/core/ids.js';
import { insertErasure, selectChainEventsOf, selectFeedEventsOf, type RetainedRow } from '../../src/modules/privacy/privacy.repository.js';
import { backends } from '../support/backends.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

describe.each(backends())('an erasure at scale on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
  });
  afterAll(() => t?.close());

  const scope = () => ({ organizationId: tenant.organizationId, mode: 'test' as const });

  it('reads the events of 70,000 shipment ids in one statement', async () => {
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const now = new Date();
    const ids = [...Array.from({ length: 70_000 }, () => newId('shipment', now)), shipment.id];
    const chain = await selectChainEventsOf(t.runtime.services.db, scope(), ids);
    expect(chain.map((e) => [e.shipment_id, e.seq])).toEqual([
      [shipment.id, 1],
      [shipment.id, 2],
    ]);
    const feed = await selectFeedEventsOf(t.runtime.services.db, scope(), ids, Array.from({ length: 70_000 }, () => newId('tour', now)));
    expect(feed.map((e) => e.id)).toEqual(chain.map((e) => e.event_id));
  });

  it('keeps 10,000 retained items of one erasure, each once', async () => {
    const now = new Date();
    const eraseAfter = new Date(now.getTime() + 86_400_000);
    const retained: RetainedRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      resource: 'signature_evidence',
      resource_id: newId('signature', now),
      shipment_id: newId('shipment', now),
      legal_basis: i % 2 ? 'CMR art. 9: evidence of the contract' : 'a "quoted" \\ basis',
      erase_after: eraseAfter,
    }));
    const erasureId = newId('erasure', now);
    await insertErasure(t.runtime.services.db, scope(), { id: erasureId, subject_kind: 'email', report: {}, created_at: now }, [...retained, retained[0]!]);
    const rows = await sql<{ n: string | number; bases: string[]; after: Date }>`
      select count(*) as n, array_agg(distinct legal_basis order by legal_basis) as bases, max(erase_after) as after
      from privacy_retained_items where erasure_id = ${erasureId}`.execute(t.runtime.services.db);
    expect(Number(rows.rows[0]!.n)).toBe(10_000);
    expect(rows.rows[0]!.bases).toEqual(['CMR art. 9: evidence of the contract', 'a "quoted" \\ basis']);
    expect(new Date(rows.rows[0]!.after).getTime()).toBe(eraseAfter.getTime());
  });
});
