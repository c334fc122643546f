/**
 * GET and POST /v1/audit-log/integrity: recomputes this organisation and mode's audit chain from
 * the stored rows, and checks it against the signed checkpoints (docs/audit-log.md, Checkpoints):
 * the stored ones, and those the customer holds and sends. A row edited, inserted or deleted behind
 * the trigger's back shows as `valid: false`; so does a chain a superuser recomputed after editing,
 * at every checkpoint that sealed a later head.
 */
import type { TenantContext } from '../../core/context.js';
import { checkChainCheckpoints, type CheckpointReport } from '../checkpoints/check-chain-checkpoints.js';
import type { Checkpoint } from '../checkpoints/checkpoint-signature.js';
import { GENESIS_HASH, recomputedAuditHashes, verifyAuditChain } from './audit-chain.js';
import { selectChain, selectChainHead } from './audit-log.repository.js';

export interface AuditIntegrity {
  valid: boolean;
  checked: number;
  first_broken?: string;
  checkpoints: CheckpointReport;
  checked_at: string;
}

export async function checkAuditIntegrity(ctx: TenantContext, held: readonly Checkpoint[] = []): Promise<AuditIntegrity> {
  // Head first: rows appended after it was read are beyond it, not missing from it.
  const head = (await selectChainHead(ctx.db, ctx)) ?? { seq: 0, hash: GENESIS_HASH, anchor_seq: 0, anchor_hash: GENESIS_HASH };
  const rows = (await selectChain(ctx.db, ctx)).filter((r) => r.seq <= head.seq);
  const report = verifyAuditChain(rows, head);
  const checkpoints = await checkChainCheckpoints(ctx, { audit: { floor: head.anchor_seq, head: head.seq, hashes: recomputedAuditHashes(rows, head) } }, held);
  return {
    valid: report.valid && checkpoints.failed.length === 0,
    checked: report.checked,
    ...(report.first_broken ? { first_broken: report.first_broken } : {}),
    checkpoints,
    checked_at: ctx.clock.now().toISOString(),
  };
}
