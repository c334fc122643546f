/**
 * The tamper-evident chain of an organisation's audit log, one per organisation and mode. Each row
 * stores `data_sha256`, the SHA-256 of the canonical JSON of what it says beyond its action and
 * time ({actor, target, changes, ip, user_agent}), and
 *
 *   hash = SHA-256( prev_hash "\n" seq "\n" action "\n" created_at "\n" data_sha256 )
 *
 * as the shipment chain does (src/modules/events/hash-chain.ts). Retention removes the oldest rows,
 * so the verifier starts from the anchor the head row keeps (the seq and hash of the last row
 * removed; 0 and 64 zeros before any), not from the genesis.
 */
import { dataSha256, chainHash, GENESIS_HASH } from '../events/hash-chain.js';

export { GENESIS_HASH };

export interface AuditChainHead {
  seq: number;
  hash: string;
  anchor_seq: number;
  anchor_hash: string;
}

export interface ChainedAuditRow {
  id: string;
  seq: number;
  action: string;
  created_at: Date;
  actor: Record<string, unknown>;
  target: { type: string; id: string };
  changes: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  data_sha256: string;
  prev_hash: string;
  hash: string;
}

export type AuditContent = Pick<ChainedAuditRow, 'actor' | 'target' | 'changes' | 'ip' | 'user_agent'>;

export function auditDigest(row: AuditContent): string {
  return dataSha256({ actor: row.actor, target: row.target, changes: row.changes, ip: row.ip, user_agent: row.user_agent });
}

export function auditHash(previous: string, seq: number, action: string, createdAt: Date, digest: string): string {
  return chainHash(previous, seq, action, createdAt, digest);
}

export interface AuditIntegrityReport {
  valid: boolean;
  checked: number;
  /** The id of the first row that does not verify; null when valid or when rows are missing at the end. */
  first_broken: string | null;
}

/** Recomputes the rows (in seq order) from the head's anchor to its head. */
export function verifyAuditChain(rows: readonly ChainedAuditRow[], head: AuditChainHead): AuditIntegrityReport {
  let previous = head.anchor_hash;
  let firstBroken: string | null = null;
  let brokenAtEnd = false;
  rows.forEach((row, i) => {
    const digest = auditDigest(row);
    const ok =
      row.seq === head.anchor_seq + i + 1 &&
      row.prev_hash === previous &&
      digest === row.data_sha256 &&
      auditHash(previous, row.seq, row.action, row.created_at, digest) === row.hash;
    if (!ok && firstBroken === null) firstBroken = row.id;
    previous = row.hash;
  });
  // Rows missing at the end, or a head no stored row produced.
  if (firstBroken === null && (head.anchor_seq + rows.length !== head.seq || previous !== head.hash)) brokenAtEnd = true;
  return { valid: firstBroken === null && !brokenAtEnd, checked: rows.length, first_broken: firstBroken };
}

/** The hash of each row's seq recomputed from its content, from the head's anchor on, as a checkpoint sealed it. */
export function recomputedAuditHashes(rows: readonly ChainedAuditRow[], head: AuditChainHead): Map<number, string> {
  const hashes = new Map<number, string>([[head.anchor_seq, head.anchor_hash]]);
  let previous = head.anchor_hash;
  for (const row of rows) {
    previous = auditHash(previous, row.seq, row.action, row.created_at, auditDigest(row));
    hashes.set(row.seq, previous);
  }
  return hashes;
}
