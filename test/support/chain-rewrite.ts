/**
 * What a database superuser can do behind the service's back, as the tests of the signed
 * checkpoints need it: edit an audit row or a shipment event and recompute the whole chain and its
 * head so that the chain alone verifies again, and delete the stored checkpoints. Triggers are
 * switched off for the edit, as an owner can.
 */
import { sql } from 'kysely';
import { auditDigest, auditHash } from '../../src/modules/audit-log/audit-chain.js';
import { selectChain, selectChainHead } from '../../src/modules/audit-log/audit-log.repository.js';
import { chainHash, dataSha256, GENESIS_HASH } from '../../src/modules/events/hash-chain.js';
import type { Mode } from '../../src/core/mode.js';
import type { Database } from '../../src/ports/database.js';

async function withoutTriggers(db: Database, tables: string[], fn: () => Promise<void>): Promise<void> {
  for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
  try {
    await fn();
  } finally {
    for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
  }
}

/** Replaces an audit row's `changes` and recomputes the chain from the anchor, and its head. */
export async function rewriteAuditRow(db: Database, tenant: { organizationId: string; mode: Mode }, rowId: string, changes: Record<string, unknown>): Promise<void> {
  await withoutTriggers(db, ['audit_log'], async () => {
    await sql`update audit_log set changes = ${JSON.stringify(changes)}::jsonb where id = ${rowId}`.execute(db);
    const head = (await selectChainHead(db, tenant))!;
    let previous = head.anchor_hash;
    for (const row of await selectChain(db, tenant)) {
      const digest = auditDigest(row);
      const hash = auditHash(previous, row.seq, row.action, row.created_at, digest);
      await sql`update audit_log set data_sha256 = ${digest}, prev_hash = ${previous}, hash = ${hash} where id = ${row.id}`.execute(db);
      previous = hash;
    }
    await sql`update audit_chain_heads set hash = ${previous} where organization_id = ${tenant.organizationId} and mode = ${tenant.mode}`.execute(db);
  });
}

/** Replaces a shipment event's `data` and recomputes the chain and the shipment's head. */
export async function rewriteShipmentEvent(db: Database, shipmentId: string, seq: number, data: Record<string, unknown>): Promise<void> {
  await withoutTriggers(db, ['shipment_events'], async () => {
    await sql`update shipment_events set data = ${JSON.stringify(data)}::jsonb where shipment_id = ${shipmentId} and seq = ${seq}`.execute(db);
    const events = await sql<{ seq: string | number; type: string; created_at: Date; data: Record<string, unknown>; data_sha256: string; erased_at: Date | null }>`
      select seq, type, created_at, data, data_sha256, erased_at from shipment_events where shipment_id = ${shipmentId} order by seq`.execute(db);
    let previous = GENESIS_HASH;
    for (const event of events.rows) {
      const digest = event.erased_at ? event.data_sha256 : dataSha256(event.data);
      const hash = chainHash(previous, Number(event.seq), event.type, new Date(event.created_at), digest);
      await sql`update shipment_events set data_sha256 = ${digest}, hash = ${hash} where shipment_id = ${shipmentId} and seq = ${Number(event.seq)}`.execute(db);
      previous = hash;
    }
    await sql`update shipments set head_hash = ${previous} where id = ${shipmentId}`.execute(db);
  });
}

/** Deletes every stored checkpoint of an organisation. */
export async function deleteStoredCheckpoints(db: Database, organizationId: string): Promise<void> {
  await withoutTriggers(db, ['chain_checkpoints', 'chain_checkpoint_shipments'], async () => {
    await sql`delete from chain_checkpoint_shipments where checkpoint_id in (select id from chain_checkpoints where organization_id = ${organizationId})`.execute(db);
    await sql`delete from chain_checkpoints where organization_id = ${organizationId}`.execute(db);
  });
}
