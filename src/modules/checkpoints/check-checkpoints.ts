/**
 * Checks chains against checkpoints (docs/audit-log.md, Checkpoints): each checkpoint's signature
 * must verify with the service's key, and at each head it sealed the hash recomputed from the
 * chain's content must be the sealed one. A superuser who edits a row and recomputes the chain
 * leaves every later checkpoint naming a hash the chain no longer gives; one who forges a
 * checkpoint to match fails its signature.
 *
 * A seq older than what the chain still holds (the audit log's retention moved its anchor past it)
 * cannot be checked and is skipped.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/canonical-json.js';
import { checkpointSignatureProblem, type ChainHeadRecord, type Checkpoint, type CheckpointVerifier } from './checkpoint-signature.js';
import type { Tenant } from './checkpoints.repository.js';

/** A chain as recomputed: hash by seq, from `floor` (the anchor: 0 or the last seq retention removed) to `head`. */
export interface RecomputedChain {
  floor: number;
  head: number;
  hashes: ReadonlyMap<number, string>;
}

export interface CheckpointFailure {
  checkpoint_id: string;
  reason: string;
}

export interface CheckpointReport {
  /** Checkpoints whose signature and sealed heads were checked. */
  checked: number;
  failed: CheckpointFailure[];
}

export interface CheckpointCheck {
  tenant: Tenant;
  verifier: CheckpointVerifier;
  /** The audit chain, when its heads are to be checked. */
  audit?: RecomputedChain;
  /** The shipment chains whose heads are to be checked (an unknown shipment as an empty chain). */
  shipments: ReadonlyMap<string, RecomputedChain>;
}

function headProblem(chain: RecomputedChain, sealed: ChainHeadRecord, what: string): string | null {
  if (sealed.seq < chain.floor) return null;
  const hash = chain.hashes.get(sealed.seq);
  if (hash === undefined) return `${what} has no entry at seq ${sealed.seq} (it ends at seq ${chain.head}), but the checkpoint sealed one`;
  return hash === sealed.hash ? null : `${what} recomputes to hash ${hash} at seq ${sealed.seq}, but the checkpoint sealed ${sealed.hash}`;
}

function problemsOf(checkpoint: Checkpoint, check: CheckpointCheck): string[] {
  const signature = checkpointSignatureProblem(checkpoint, check.verifier);
  if (signature) return [signature];
  if (checkpoint.organization_id !== check.tenant.organizationId || checkpoint.mode !== check.tenant.mode) return ['it is a checkpoint of another organisation or mode'];
  const problems: string[] = [];
  if (check.audit) {
    const problem = headProblem(check.audit, checkpoint.audit_log, 'the audit chain');
    if (problem) problems.push(problem);
  }
  for (const sealed of checkpoint.shipments) {
    const chain = check.shipments.get(sealed.shipment_id);
    const problem = chain && headProblem(chain, sealed, `shipment ${sealed.shipment_id}'s chain`);
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * Checks checkpoints as they come, a page at a time, each once (the same one, held and stored,
 * counts once; an altered copy is another). Remembers a digest of each, not the checkpoint.
 */
export class CheckpointChecker {
  readonly #seen = new Set<string>();
  readonly report: CheckpointReport = { checked: 0, failed: [] };

  constructor(private readonly check: CheckpointCheck) {}

  add(checkpoints: readonly Checkpoint[]): void {
    for (const checkpoint of checkpoints) {
      const digest = createHash('sha256').update(canonicalJson(checkpoint)).digest('base64');
      if (this.#seen.has(digest)) continue;
      this.#seen.add(digest);
      this.report.checked += 1;
      for (const reason of problemsOf(checkpoint, this.check)) this.report.failed.push({ checkpoint_id: checkpoint.id, reason });
    }
  }
}

/** The stored checkpoints this service can check: those signed by its current key (older keys verify offline with their certificate). */
export function signedByCurrentKey(checkpoints: readonly Checkpoint[], verifier: CheckpointVerifier): Checkpoint[] {
  return checkpoints.filter((c) => {
    try {
      return (JSON.parse(Buffer.from(c.signature.split('.')[0]!, 'base64url').toString('utf8')) as { kid?: unknown }).kid === verifier.kid;
    } catch {
      return true;
    }
  });
}
