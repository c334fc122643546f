/**
 * The rule for marking a stop done: the signatures its kind needs are there (pickup: carrier and
 * consignor; delivery: consignee), or the driver gave a reason for their absence, which is then
 * recorded on the shipment (record-unsigned-stop.ts). Neither: 409 `signatures_missing`, with one
 * finding per missing role so the driver app and an integration can say who.
 */
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { selectShipment } from '../shipments/shipments.repository.js';
import { selectSignatures } from '../signatures/signatures.repository.js';
import { missingSigners, signedAtStop, type UnsignedStop } from './stop-signatures.js';
import type { MissingSignatures } from './tour.schema.js';
import type { StoredStop } from './tours.repository.js';

const WHO = { carrier: 'the carrier (driver)', consignor: 'the consignor (sender)', consignee: 'the consignee', successive_carrier: 'the successive carrier (driver)' } as const;

/**
 * The stop closed without its signatures that must be recorded on the shipment, or undefined when
 * none are missing. Raises `signatures_missing` (missing, no reason given) and `validation_failed`
 * (`other` without text).
 */
export async function checkStopSignatures(db: Database, ctx: TenantContext, where: { tour_id: string; position: number }, stop: StoredStop, given: MissingSignatures | undefined, capturedAt: Date): Promise<UnsignedStop | undefined> {
  const shipment = await selectShipment(db, ctx, stop.shipment_id);
  if (!shipment) return undefined;
  const signed = signedAtStop(stop, await selectSignatures(db, ctx, shipment.id));
  const missing = missingSigners(stop.kind, shipment.status, signed);
  if (missing.length === 0) return undefined;
  // Without the successive carrier's signature nothing was taken over (CMR article 34): no reason stands in for it.
  if (!given || stop.kind === 'takeover') {
    throw new AppError(
      'signatures_missing',
      `Stop ${where.position} (${stop.kind} of ${shipment.id}) is not signed by ${missing.map((r) => WHO[r]).join(' and ')}: ${stop.kind === 'takeover' ? 'sign the takeover, or skip the stop' : 'have them sign, or send `missing_signatures` with the reason'}.`,
      { errors: missing.map((role) => finding('$.missing_signatures', 'signature_missing', { role })) },
    );
  }
  if (given.reason === 'other' && !given.text?.trim()) {
    throw new AppError('validation_failed', 'The reason `other` needs a `text`.', { errors: [finding('$.missing_signatures.text', 'required', { field: 'text' })] });
  }
  return { kind: stop.kind, missing, reason: given.reason, text: given.text?.trim() || null, captured_at: capturedAt.toISOString() };
}
