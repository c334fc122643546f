/**
 * Seals the heads of an organisation's chains in one mode (docs/audit-log.md, Checkpoints): the head
 * of its audit chain and of every shipment chain that moved since its last checkpoint, signed with
 * the service's seal key, stored append-only and delivered as the webhook event
 * `audit.checkpoint_created` in the same transaction.
 *
 * The transaction locks the audit chain's head row, as an audit append does: two checkpoints of
 * one tenant (the schedule and an on-demand call) never interleave, and the second sees the first
 * and finds nothing new.
 */
import { realClockOf } from '../../core/clock.js';
import type { Services } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { lockChainHead } from '../audit-log/audit-log.repository.js';
import { checkpointEventWrites } from '../events/record-checkpoint-events.js';
import { checkpointSigner, type Checkpoint } from './checkpoint-signature.js';
import { insertCheckpoint, selectChangedShipmentHeads, selectLatestCheckpoint, type Tenant } from './checkpoints.repository.js';

export interface CheckpointOutcome {
  checkpoint: Checkpoint;
  /** False when nothing changed since the latest checkpoint, which is then the answer. */
  created: boolean;
}

/** Records a checkpoint of `t` if any of its chains moved since the last one (or it has none yet). */
export async function createCheckpoint(services: Pick<Services, 'db' | 'clock' | 'sealingKey'>, t: Tenant): Promise<CheckpointOutcome> {
  const signer = await checkpointSigner(services.sealingKey);
  return withTransaction(services.db, async (trx) => {
    const head = await lockChainHead(trx, t);
    const latest = await selectLatestCheckpoint(trx, t);
    const shipments = await selectChangedShipmentHeads(trx, t);
    if (latest && shipments.length === 0 && head.seq <= latest.audit_log.seq) return { checkpoint: latest, created: false };
    // Real time even under a sandbox test clock: checkpoints follow the audit log's order.
    const now = realClockOf(services.clock).now();
    const checkpoint = await signer.sign({
      id: newId('checkpoint', now),
      organization_id: t.organizationId,
      mode: t.mode,
      created_at: now.toISOString(),
      previous_id: latest?.id ?? null,
      audit_log: { seq: head.seq, hash: head.hash },
      shipments,
    });
    await insertCheckpoint(trx, t, checkpoint, now);
    await writeAsOneStatement(trx, checkpointEventWrites(trx, t, checkpoint, now));
    return { checkpoint, created: true };
  });
}
