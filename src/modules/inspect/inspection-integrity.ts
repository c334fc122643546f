/**
 * The integrity verdict an inspector reads: `intact` only when the shipment's event chain verifies
 * exactly as GET /v1/shipments/{id}/integrity reports it, the current consignment-note PDF still
 * has the SHA-256 recorded when it was made, and its PAdES seal verifies. Anything else is
 * `broken`, with the failing part named, so a roadside check and the API never disagree.
 *
 * An inspection is a read: the verdict is kept per state of what it checks, and checked again only
 * when that changes: the shipment's state (its chain head and the tenant's erasures,
 * shipments/shipment-state.ts), the current note (its id and recorded SHA-256), and the stored
 * PDF's version (the object store names the bytes without reading them, so a file rewritten behind
 * the service's back is checked again). Every process keeps its own verdicts under those keys, so
 * all agree. What no key can see is a database row edited behind the service's back that leaves the
 * shipment's head as it was: a kept verdict is checked again once it is VERDICT_MAX_AGE_MS old, and
 * `checked_at` always says when the checks ran.
 */
import type { TenantContext } from '../../core/context.js';
import { LruCache } from '../../core/lru-cache.js';
import type { DocumentRow } from '../documents/documents.repository.js';
import { sha256Hex, verifySeal } from '../documents/pades/verify-seal.js';
import { checkShipmentIntegrity } from '../shipments/check-shipment-integrity.js';
import { shipmentStateKey } from '../shipments/shipment-state.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';

export interface InspectionIntegrity {
  verdict: 'intact' | 'broken';
  chain: { valid: boolean; events_checked: number; first_bad_seq: number | null };
  /** The current note version's checks; null when no version can be read. */
  document: { id: string; version: number; sha256_matches: boolean; seal_valid: boolean } | null;
  checked_at: string;
}

/** A verdict is a few hundred bytes: notes being inspected at once, with room. */
const verdicts = new LruCache<InspectionIntegrity>(2048);
/** How long a kept verdict stands before its checks run again although nothing it keys on changed. */
export const VERDICT_MAX_AGE_MS = 5 * 60 * 1000;

/** Kept verdicts are shared by every request that reads them: none may change one. */
function deepFreeze<T extends object>(value: T): T {
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) deepFreeze(v);
  return Object.freeze(value);
}

type Note = Pick<DocumentRow, 'id' | 'version' | 'sha256' | 'object_key'>;

const noteKey = (note: Note | undefined, stored: string | null) => (note ? `${note.id}:${note.version}:${note.sha256}:${stored ?? 'absent'}` : 'none');

async function check(ctx: TenantContext, shipmentId: string, note: Note | undefined): Promise<{ integrity: InspectionIntegrity; headHash: string }> {
  const [report, stored] = await Promise.all([checkShipmentIntegrity(ctx, shipmentId), note ? ctx.objects.get(note.object_key) : null]);
  const document =
    note && stored
      ? { id: note.id, version: note.version, sha256_matches: (await sha256Hex(stored.body)) === note.sha256, seal_valid: await verifySeal(stored.body) }
      : note
        ? { id: note.id, version: note.version, sha256_matches: false, seal_valid: false }
        : null;
  const intact = report.valid && document !== null && document.sha256_matches && document.seal_valid;
  const integrity: InspectionIntegrity = {
    verdict: intact ? 'intact' : 'broken',
    chain: { valid: report.valid, events_checked: report.events_checked, first_bad_seq: report.first_bad_seq },
    document,
    checked_at: report.checked_at,
  };
  return { integrity, headHash: report.head_hash };
}

/**
 * The verdict on the shipment (as the caller read it) and its current note, kept or checked now.
 * `erasures` is the tenant's count (privacy.repository.ts `erasureCount`), read before this runs:
 * the checks read data at least as new as the count.
 */
export async function inspectionIntegrity(ctx: TenantContext, shipment: Pick<ShipmentRow, 'organization_id' | 'mode' | 'id' | 'head_hash'>, note: Note | undefined, erasures: number): Promise<InspectionIntegrity> {
  const stored = note ? await ctx.objects.version(note.object_key) : null;
  const key = (headHash: string) => `${shipmentStateKey(shipment, headHash, erasures)}:${noteKey(note, stored)}`;
  const kept = verdicts.get(key(shipment.head_hash));
  if (kept && ctx.clock.now().getTime() - Date.parse(kept.checked_at) < VERDICT_MAX_AGE_MS) return kept;
  const { integrity, headHash } = await check(ctx, shipment.id, note);
  // Under the head the chain was checked at, which may be newer than the caller's row.
  verdicts.set(key(headHash), deepFreeze(integrity));
  return integrity;
}
