/**
 * Seals the heads of an organisation's chains in one mode (docs/audit-log.md, Checkpoints): the head
 * of its audit chain and of every shipment chain that moved since its last checkpoint, signed with
 * the service's seal key, stored append-only and delivered as the webhook event
 * `audit.checkpoint_created` in the same transaction.
 *
 * The heads are read and signed before the transaction: a checkpoint can name tens of thousands of
 * shipments, megabytes to sign, and its transaction holds the audit chain's head row, which every
 * audit append of the tenant waits for. The transaction writes, then takes that lock and checks
 * that no other checkpoint came first (the schedule and an on-demand call). If one did, it rolls
 * back and the heads are read again: the other may have sealed some of them, and this one must follow it.
 * Heads that moved meanwhile are not lost: they are past what this checkpoint seals, and the
 * next one takes them.
 */
import { realClockOf } from '../../core/clock.js';
import type { Services } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { GENESIS_HASH } from '../audit-log/audit-chain.js';
import { lockChainHead, selectChainHead } from '../audit-log/audit-log.repository.js';
import { checkpointEventWrites } from '../events/record-checkpoint-events.js';
import { checkpointSigner, type Checkpoint } from './checkpoint-signature.js';
import { insertCheckpoint, selectChangedShipmentHeads, selectLatestCheckpoint, selectLatestCheckpointId, type Tenant } from './checkpoints.repository.js';

export interface CheckpointOutcome {
  checkpoint: Checkpoint;
  /** False when nothing changed since the latest checkpoint, which is then the answer. */
  created: boolean;
}

/** Rolls back the writes of a checkpoint another one overtook. */
class CameSecond extends Error {}

/** Rounds lost to another checkpoint of the same tenant before giving up (each loser finds less to seal). */
const ROUNDS = 5;

/**
 * Shipment heads one checkpoint seals at most. More that moved go into the checkpoints made right
 * after it, each naming the one before: a checkpoint, its webhook (about 130 bytes a head) and its
 * transaction stay bounded however busy the organisation was.
 */
export const MAX_CHECKPOINT_SHIPMENTS = 1_000;

type CheckpointServices = Pick<Services, 'db' | 'clock' | 'sealingKey'>;

/**
 * Records checkpoints of `t` until every chain that moved since the last one is sealed (one, unless
 * more than MAX_CHECKPOINT_SHIPMENTS shipments moved): the last one made, or the latest checkpoint
 * when nothing moved (or a first one when it has none yet).
 */
export async function createCheckpoint(services: CheckpointServices, t: Tenant): Promise<CheckpointOutcome> {
  let made: CheckpointOutcome | undefined;
  // Each next checkpoint takes the shipments after the last one sealed (by id): no rescan of the sealed.
  let after: string | undefined;
  for (;;) {
    const outcome = await sealOnce(services, t, after);
    if (!outcome.created) return made ?? outcome;
    made = outcome;
    if (outcome.checkpoint.shipments.length < MAX_CHECKPOINT_SHIPMENTS) return made;
    after = outcome.checkpoint.shipments.at(-1)!.shipment_id;
  }
}

/** One checkpoint of up to MAX_CHECKPOINT_SHIPMENTS moved shipments (of ids after `after`), if anything moved. */
async function sealOnce(services: CheckpointServices, t: Tenant, after: string | undefined): Promise<CheckpointOutcome> {
  const signer = await checkpointSigner(services.sealingKey);
  for (let round = 1; ; round++) {
    // The latest checkpoint first: what is read after it is at least as new as what it sealed.
    const latest = await selectLatestCheckpoint(services.db, t);
    const head = (await selectChainHead(services.db, t)) ?? { seq: 0, hash: GENESIS_HASH };
    const shipments = await selectChangedShipmentHeads(services.db, t, { after, limit: MAX_CHECKPOINT_SHIPMENTS });
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
    // Written first, locked last: the head row is held only from the check to the commit.
    const stored = await withTransaction(services.db, async (trx) => {
      await insertCheckpoint(trx, t, checkpoint, now);
      await writeAsOneStatement(trx, checkpointEventWrites(trx, t, checkpoint, now));
      await lockChainHead(trx, t);
      if ((await selectLatestCheckpointId(trx, t, { other: checkpoint.id })) === (latest?.id ?? null)) return true;
      throw new CameSecond();
    }).catch((error: unknown) => {
      if (error instanceof CameSecond) return false;
      throw error;
    });
    if (stored) return { checkpoint, created: true };
    if (round >= ROUNDS) throw new Error(`checkpoint of ${t.organizationId}/${t.mode}: another checkpoint came first ${ROUNDS} times`);
  }
}
