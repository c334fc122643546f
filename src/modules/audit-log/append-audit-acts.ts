/** Chains acts onto the head of an organisation and mode's audit log and writes them (audit-chain.ts). */
import { newId } from '../../core/ids.js';
import type { Mode } from '../../core/mode.js';
import type { Database } from '../../ports/database.js';
import { auditDigest, auditHash, type AuditChainHead, type ChainedAuditRow } from './audit-chain.js';
import { appendAuditRows, lockChainHead } from './audit-log.repository.js';

/** An act to chain; `at` given by the backfill (original times), else now. */
export interface AuditAct {
  action: string;
  target: { type: string; id: string };
  changes: Record<string, unknown>;
  actor: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  at: Date;
}

/** Builds the next rows of a chain from its head, without writing them. */
export function chainAuditActs(head: AuditChainHead, acts: readonly AuditAct[]): ChainedAuditRow[] {
  let previous = head.hash;
  let seq = head.seq;
  return acts.map((act) => {
    seq += 1;
    const content = { actor: act.actor, target: act.target, changes: act.changes, ip: act.ip, user_agent: act.user_agent };
    const digest = auditDigest(content);
    const hash = auditHash(previous, seq, act.action, act.at, digest);
    const row = { id: newId('audit_event', act.at), seq, action: act.action, created_at: act.at, ...content, data_sha256: digest, prev_hash: previous, hash };
    previous = hash;
    return row;
  });
}

/** Appends acts to the chain of an organisation and mode; run inside the act's transaction. */
export async function appendAuditActs(trx: Database, t: { organizationId: string; mode: Mode }, acts: readonly AuditAct[]): Promise<void> {
  const head = await lockChainHead(trx, t);
  await appendAuditRows(trx, t, chainAuditActs(head, acts));
}
