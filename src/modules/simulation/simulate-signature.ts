/**
 * Sandbox `sign`: one signature through the real recording (record-signature.ts) — evidence kept,
 * `signature.completed` chained, the shipment moved on when a phase completes, the next note
 * version rendered — marked `simulated` in its evidence. At `ades`/`qes` the sandbox trust-service
 * simulator identifies the signer and signs the SHA-256 of the current version first, as it does
 * for a sign link at that level (trust-signature.ts). Without a role, the next signature due; when
 * none is due the role the real call would be refused for is tried, so the answer is the real one
 * (`invalid_state` on a draft, `invalid_transition` on a delivered or cancelled shipment).
 */
import type { TenantContext } from '../../core/context.js';
import type { Language } from '../../core/language.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { nextSignatureDue, signedRoles, type DueSignature } from '../signatures/next-signature-due.js';
import { recordSignature } from '../signatures/record-signature.js';
import { statusAfter } from '../signatures/signature-rules.js';
import type { TrustSignature } from '../signatures/sign-steps.tables.js';
import { atTrustService, trustServiceFor } from '../signatures/trust-service-for.js';
import { trustSignVersion } from '../signatures/trust-signature.js';
import type { PerformedStep } from './simulation.schema.js';

/** Who asked: kept in the evidence like a real API signature's IP and user agent. */
export interface SimulationCaller {
  ip: string;
  userAgent: string | null;
  language: Language;
}

export interface SimulatedSignature {
  role?: 'consignor' | 'carrier' | 'consignee';
  level: 'platform_auth' | 'ades' | 'qes';
  signerName?: string;
}

/** A birth date the sandbox simulator accepts (it refuses only its documented trigger date). */
const SIMULATED_BIRTH_DATE = '1980-01-01';

interface Party {
  name?: string;
  contact?: { name?: string };
}

/** The person on the shipment for the role (its contact, else the party), or a plain stand-in. */
function signerFor(data: Record<string, unknown>, due: DueSignature): string {
  const party = (due.role === 'successive_carrier' ? (data.successive_carriers as Party[] | undefined)?.[due.successive_index!] : data[due.role]) as Party | undefined;
  return party?.contact?.name ?? party?.name ?? `Simulated ${due.role.replace('_', ' ')}`;
}

async function trustSignature(ctx: TenantContext, level: 'ades' | 'qes', signerName: string, sha256: string): Promise<TrustSignature> {
  const trust = trustServiceFor(ctx, level);
  const identified = await atTrustService(ctx, 'identification', () => trust.identify({ name: signerName, birthDate: SIMULATED_BIRTH_DATE, level }));
  return trustSignVersion(ctx, level, identified, sha256);
}

/** Raises what recordSignature raises for the role (`invalid_state`, `invalid_transition`, `already_signed`, `shipment_immutable`), and `qtsp_unavailable`. */
export async function simulateSignature(ctx: TenantContext, shipmentId: string, input: SimulatedSignature, caller: SimulationCaller): Promise<PerformedStep> {
  const shipment: ShipmentRow = await findShipment(ctx.db, ctx, shipmentId);
  const signed = await signedRoles(ctx.db, ctx, shipment.id);
  const carriers = ((shipment.data.successive_carriers as unknown[] | undefined) ?? []).length;
  const due: DueSignature = input.role ? { role: input.role } : (nextSignatureDue(shipment.status, carriers, signed) ?? { role: shipment.status === 'draft' ? 'consignor' : 'consignee' });
  const signerName = input.signerName ?? signerFor(shipment.data, due);
  const note = input.level === 'platform_auth' ? undefined : await selectCurrentNote(ctx.db, ctx, shipment.id);
  // Signed over the version current now; should another change render a newer one first, the
  // recording refuses it as stale (`conflict`) as it would a real signer's.
  const trust = note && input.level !== 'platform_auth' ? await trustSignature(ctx, input.level, signerName, note.sha256) : undefined;
  const signature = await recordSignature(
    ctx,
    shipment.id,
    {
      role: due.role,
      successive_index: due.successive_index,
      signer_name: signerName,
      method: trust ? 'trust_service' : 'platform',
      level: input.level,
      evidence: { ip: caller.ip, user_agent: caller.userAgent, trust_signature: trust },
      shown: note ? { document_id: note.id, sha256: note.sha256 } : undefined,
      simulated: true,
    },
    caller.language,
  );
  return {
    step: 'sign',
    status: statusAfter(signed, due.role) ?? shipment.status,
    role: due.role,
    ...(due.successive_index !== undefined ? { successive_index: due.successive_index } : {}),
    level: input.level,
    signature_id: signature.id,
    rendered_document_id: signature.rendered_document_id,
  };
}
