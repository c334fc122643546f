/**
 * Judges an inspection token (the link behind the QR code on the note) for one request, in this
 * order:
 *
 * 1. The address's budget: INSPECTION_REQUESTS per INSPECTION_WINDOW_S per client IP, over every
 *    token, so tokens cannot be guessed at speed (429 `rate_limited`). Counted in the key-value
 *    store, so across processes, before any database read.
 * 2. The token: not of the shape we issue (32 base64url characters), or unknown → 404 `not_found`.
 * 3. Its life: valid while the shipment is open and for INSPECTION_LINK_GRACE_DAYS after it was
 *    delivered or cancelled (0: not after), then 410 `token_expired`.
 *
 * Every answer on a known token is a view in the log, refusals included, so the carrier sees who
 * tried a link after it expired. A refused address writes at most one `rate_limited` view per
 * token and window: logging every refusal would let one client write rows without limit, which is
 * what the limit is there to stop. Refusals on unknown tokens have no shipment to log against.
 */
import { createHash } from 'node:crypto';
import type { Services } from '../../core/context.js';
import { rateLimiterOf } from '../../core/rate-limiters.js';
import type { KeyValue, RateLimitDecision } from '../../ports/keyvalue.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { selectInspectionTarget, type InspectionState, type InspectionTarget } from './inspect.repository.js';

export const INSPECTION_REQUESTS = 60;
export const INSPECTION_WINDOW_S = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What documents/inspection-link.ts makes: 24 random bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export type OpenedInspection =
  /** `state`: read with the row, what the kept inspection keys on (inspection-document.ts). */
  | { outcome: 'ok'; shipment: ShipmentRow; state: InspectionState }
  | { outcome: 'not_found' }
  | { outcome: 'token_expired'; shipment: ShipmentRow; expiredAt: Date }
  /** `shipment` is set only when this refusal is to be logged (the first for the token in the window). */
  | { outcome: 'rate_limited'; shipment?: ShipmentRow; retryAfterS: number };

const limiterOf = (kv: KeyValue) => rateLimiterOf(kv, { keyPrefix: 'rl:inspect', points: INSPECTION_REQUESTS, durationS: INSPECTION_WINDOW_S });

/** When a final shipment's link stops working; null while the shipment is open. */
export function inspectionLinkExpiry(shipment: Pick<ShipmentRow, 'delivered_at' | 'cancelled_at'>, graceDays: number): Date | null {
  const closed = shipment.delivered_at ?? shipment.cancelled_at;
  return closed ? new Date(closed.getTime() + graceDays * DAY_MS) : null;
}

/** One query: the shipment, its tenant's erasures and its current note. */
async function targetOf(services: Services, token: string): Promise<InspectionTarget | undefined> {
  return TOKEN_SHAPE.test(token) ? selectInspectionTarget(services.db, token) : undefined;
}

/** Rejects when the key-value store does not answer (the route answers `service_unavailable`). */
export async function openInspection(services: Services, token: string, ip: string, graceDays: number): Promise<OpenedInspection> {
  const decision: RateLimitDecision = await limiterOf(services.kv).consume(ip);
  if (!decision.allowed) {
    const retryAfterS = Math.max(1, Math.ceil(decision.resetMs / 1000));
    const guard = `inspect:refused:${createHash('sha256').update(`${ip}\n${token}`).digest('base64url')}`;
    const first = await services.kv.set(guard, '1', { ttlMs: Math.max(1000, Math.ceil(decision.resetMs)), onlyIfAbsent: true });
    return { outcome: 'rate_limited', shipment: first ? (await targetOf(services, token))?.shipment : undefined, retryAfterS };
  }
  const target = await targetOf(services, token);
  if (!target) return { outcome: 'not_found' };
  const { shipment, ...state } = target;
  const expiry = inspectionLinkExpiry(shipment, graceDays);
  if (expiry && expiry <= services.clock.now()) return { outcome: 'token_expired', shipment, expiredAt: expiry };
  return { outcome: 'ok', shipment, state };
}
