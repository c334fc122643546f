/**
 * The tamper-evident chain of a shipment's events (DESIGN, Shipment lifecycle). Each event stores
 * `data_sha256`, the SHA-256 of its canonical `data`, and
 *
 *   hash = SHA-256( previous hash "\n" seq "\n" type "\n" created_at "\n" data_sha256 )
 *
 * in lowercase hex, with created_at as ISO 8601 in UTC with milliseconds and the previous hash of
 * the first event 64 zeros. Keeping `data_sha256` apart lets an erasure of personal data replace
 * `data` (and mark the event erased) without breaking the chain; for every other event the
 * verifier recomputes it, so a direct edit of `data` is still caught. The shipment row keeps the
 * head (last seq and hash), so a deleted tail is caught too.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/canonical-json.js';

export const GENESIS_HASH = '0'.repeat(64);

export interface ChainHead {
  seq: number;
  hash: string;
}

export const EMPTY_CHAIN: ChainHead = { seq: 0, hash: GENESIS_HASH };

export function dataSha256(data: unknown): string {
  return createHash('sha256').update(canonicalJson(data)).digest('hex');
}

export function chainHash(previous: string, seq: number, type: string, createdAt: Date, dataDigest: string): string {
  return createHash('sha256').update(`${previous}\n${seq}\n${type}\n${createdAt.toISOString()}\n${dataDigest}`).digest('hex');
}

/** An event as the chain stores it. */
export interface ChainedEvent {
  seq: number;
  type: string;
  created_at: Date;
  data: Record<string, unknown>;
  data_sha256: string;
  hash: string;
  erased_at: Date | null;
}

export interface IntegrityReport {
  valid: boolean;
  events_checked: number;
  head_hash: string;
  /** The first event that does not verify, or the seq where missing events begin. */
  first_bad_seq: number | null;
}

/** The hash of each event's seq recomputed from its content (in seq order), as a checkpoint sealed it. */
export function recomputedHashes(events: readonly ChainedEvent[]): Map<number, string> {
  const hashes = new Map<number, string>([[0, GENESIS_HASH]]);
  let previous = GENESIS_HASH;
  for (const event of events) {
    previous = chainHash(previous, event.seq, event.type, event.created_at, event.erased_at ? event.data_sha256 : dataSha256(event.data));
    hashes.set(event.seq, previous);
  }
  return hashes;
}

/** Recomputes the chain of `events` (in seq order) against the head the shipment row keeps. */
export function verifyChain(events: readonly ChainedEvent[], head: ChainHead): IntegrityReport {
  let previous = GENESIS_HASH;
  let firstBad: number | null = null;
  events.forEach((event, i) => {
    const expectedSeq = i + 1;
    const digest = event.erased_at ? event.data_sha256 : dataSha256(event.data);
    const ok =
      event.seq === expectedSeq &&
      digest === event.data_sha256 &&
      chainHash(previous, event.seq, event.type, event.created_at, digest) === event.hash;
    if (!ok && firstBad === null) firstBad = expectedSeq;
    previous = event.hash;
  });
  // Events missing at the end, or a head that no stored event produced.
  if (firstBad === null && (events.length !== head.seq || previous !== head.hash)) firstBad = Math.min(events.length + 1, head.seq);
  return { valid: firstBad === null, events_checked: events.length, head_hash: head.hash, first_bad_seq: firstBad };
}
