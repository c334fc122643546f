/**
 * GET /v1/audit-log/integrity: recomputes this organisation and mode's audit chain from the stored
 * rows. A row edited, inserted or deleted behind the trigger's back shows as `valid: false`.
 */
import type { TenantContext } from '../../core/context.js';
import { GENESIS_HASH, verifyAuditChain } from './audit-chain.js';
import { selectChain, selectChainHead } from './audit-log.repository.js';

export async function checkAuditIntegrity(ctx: TenantContext): Promise<{ valid: boolean; checked: number; first_broken?: string; checked_at: string }> {
  // Head first: rows appended after it was read are beyond it, not missing from it.
  const head = (await selectChainHead(ctx.db, ctx)) ?? { seq: 0, hash: GENESIS_HASH, anchor_seq: 0, anchor_hash: GENESIS_HASH };
  const rows = (await selectChain(ctx.db, ctx)).filter((r) => r.seq <= head.seq);
  const report = verifyAuditChain(rows, head);
  return { valid: report.valid, checked: report.checked, ...(report.first_broken ? { first_broken: report.first_broken } : {}), checked_at: ctx.clock.now().toISOString() };
}
