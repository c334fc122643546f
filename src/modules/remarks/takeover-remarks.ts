/**
 * Reservations of a successive carrier at its takeover (CMR article 35: the successive carrier
 * accepts the goods and the note, and enters its reservations as the first carrier does at pickup,
 * article 8). They are made while the goods are in transit and before that carrier signs: once it
 * has signed, the takeover is over and its reservations are those on the note it signed.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../ports/database.js';
import { assertTakeoverInTurn } from '../signatures/signature-rules.js';
import { selectSignatures } from '../signatures/signatures.repository.js';
import { selectRemarks } from './remarks.repository.js';

const invalidIndex = (message: string) =>
  new AppError('validation_failed', 'The remark does not validate; see errors.', { errors: [{ path: '$.successive_index', code: 'invalid', message }] });

/**
 * The successive carrier a remark of `phase` names: its position for `takeover` (422
 * `validation_failed` when missing or not a position in `successive_carriers`), -1 for the other
 * phases (422 when one is given).
 */
export function remarkCarrier(phase: string, index: number | undefined, successiveCarriers: unknown): number {
  const carriers = Array.isArray(successiveCarriers) ? successiveCarriers.length : 0;
  if (phase !== 'takeover') {
    if (index !== undefined && index >= 0) throw invalidIndex('Only a takeover remark names a successive carrier.');
    return -1;
  }
  if (index === undefined || index < 0 || index >= carriers) {
    throw invalidIndex(carriers === 0 ? 'The shipment names no successive carriers.' : `Must be a position in successive_carriers, 0 to ${carriers - 1}.`);
  }
  return index;
}

/** 409 `invalid_state` once the successive carrier has signed (its takeover is over), or before the carrier before it has taken over (not its turn yet). */
export async function assertTakeoverOpen(db: Database, ctx: TenantContext, shipmentId: string, index: number): Promise<void> {
  const signed = await selectSignatures(db, ctx, shipmentId);
  if (signed.some((s) => s.role === 'successive_carrier' && s.successive_index === index)) {
    throw new AppError('invalid_state', `Successive carrier ${index + 1} has already taken the goods over on shipment ${shipmentId}: its reservations are the ones on the note it signed.`);
  }
  assertTakeoverInTurn(shipmentId, signed, index);
}

/** The ids of the takeover remarks of successive carrier `index`, oldest first. */
export async function takeoverRemarkIds(db: Database, ctx: TenantContext, shipmentId: string, index: number): Promise<string[]> {
  return (await selectRemarks(db, ctx, shipmentId, { phase: 'takeover', successive_index: index, order: 'asc' })).map((r) => r.id);
}
