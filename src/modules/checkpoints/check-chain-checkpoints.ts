/**
 * The checkpoint half of the integrity checks (GET and POST /v1/audit-log/integrity, GET
 * /v1/shipments/{id}/integrity): the chains given, recomputed by the caller, against the stored
 * checkpoints that name them and against the checkpoints the customer holds and sends. Held
 * checkpoints also bring the shipment chains they name into the check.
 */
import type { TenantContext } from '../../core/context.js';
import { selectEventsOfShipments, type StoredShipmentEvent } from '../events/events.repository.js';
import { recomputedHashes, type ChainedEvent } from '../events/hash-chain.js';
import { CheckpointChecker, signedByCurrentKey, type CheckpointReport, type RecomputedChain } from './check-checkpoints.js';
import { checkpointSigner, type Checkpoint } from './checkpoint-signature.js';
import { selectCheckpoints, selectCheckpointsOfShipment } from './checkpoints.repository.js';

export type { CheckpointReport, RecomputedChain } from './check-checkpoints.js';

export interface CheckedChains {
  audit?: RecomputedChain;
  shipment?: { id: string; chain: RecomputedChain };
}

/** A shipment's chain as recomputed from its events (in seq order); no events is an empty chain. */
export function recomputedShipmentChain(events: readonly ChainedEvent[]): RecomputedChain {
  return { floor: 0, head: events.at(-1)?.seq ?? 0, hashes: recomputedHashes(events) };
}

/** The chains of the shipments held checkpoints name, read this many at a time. */
const SHIPMENTS_AT_ONCE = 500;

/** Stored checkpoints read at a time: a year of hourly ones is thousands, each up to 1,000 heads. */
export const CHECKPOINT_PAGE = 100;

export async function checkChainCheckpoints(ctx: TenantContext, chains: CheckedChains, held: readonly Checkpoint[] = []): Promise<CheckpointReport> {
  const verifier = await checkpointSigner(ctx.sealingKey);
  const shipments = new Map<string, RecomputedChain>();
  if (chains.shipment) shipments.set(chains.shipment.id, chains.shipment.chain);
  const named = new Set<string>();
  for (const checkpoint of held) {
    if (checkpoint.organization_id !== ctx.organizationId || checkpoint.mode !== ctx.mode) continue;
    for (const sealed of checkpoint.shipments) if (!shipments.has(sealed.shipment_id)) named.add(sealed.shipment_id);
  }
  const ids = [...named];
  for (let i = 0; i < ids.length; i += SHIPMENTS_AT_ONCE) {
    const batch = ids.slice(i, i + SHIPMENTS_AT_ONCE);
    const events = await selectEventsOfShipments(ctx.db, ctx, batch);
    // An unknown shipment is an empty chain; the others' events come ordered by shipment, then seq.
    const byShipment = new Map<string, StoredShipmentEvent[]>(batch.map((id) => [id, []]));
    for (const event of events) byShipment.get(event.shipment_id)!.push(event);
    for (const [id, chain] of byShipment) shipments.set(id, recomputedShipmentChain(chain));
  }
  const checker = new CheckpointChecker({ tenant: ctx, verifier, audit: chains.audit, shipments });
  if (chains.shipment) checker.add(signedByCurrentKey(await selectCheckpointsOfShipment(ctx.db, ctx, chains.shipment.id), verifier));
  else {
    for (let after: string | undefined; ; ) {
      const page = await selectCheckpoints(ctx.db, ctx, { order: 'asc', after, limit: CHECKPOINT_PAGE });
      checker.add(signedByCurrentKey(page, verifier));
      if (page.length < CHECKPOINT_PAGE) break;
      after = page.at(-1)!.id;
    }
  }
  checker.add(held);
  return checker.report;
}
