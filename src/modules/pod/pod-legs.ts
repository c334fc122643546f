/**
 * The legs of the carriage as the proof of delivery lists them (CMR articles 34 and 35): the
 * carrier's from pickup, then each successive carrier's from its takeover, in the order they took
 * the goods over — each with who carried, when and where the goods were taken over, and the
 * reservations made on taking them over (the carrier's pickup remarks, a successive carrier's
 * takeover remarks). A successive carrier named in box 17 that never signed carried no leg.
 */
import type { RemarkRow } from '../remarks/remarks.repository.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import type { SignatureRow } from '../signatures/signatures.repository.js';

export interface PodLeg {
  position: number;
  role: 'carrier' | 'successive_carrier';
  successive_index: number | null;
  carrier: string;
  signature_id: string | null;
  taken_over_at: Date | null;
  place: string | null;
  reservations: RemarkRow[];
}

/** An address on one line, as the proof of delivery prints a place. */
export function addressLine(address: Record<string, unknown> | undefined): string {
  return ['street', 'additional', 'postal_code', 'city', 'country'].map((k) => address?.[k]).filter((v): v is string => typeof v === 'string' && v !== '').join(', ');
}

export function podLegs(shipment: ShipmentRow, signatures: readonly SignatureRow[], remarks: readonly RemarkRow[]): PodLeg[] {
  const data = shipment.data as { carrier?: { name?: string }; successive_carriers?: { name?: string }[]; pickup?: { address?: Record<string, unknown> } };
  const carrierSignature = signatures.find((s) => s.role === 'carrier');
  const first: PodLeg = {
    position: 1,
    role: 'carrier',
    successive_index: null,
    carrier: data.carrier?.name ?? '',
    signature_id: carrierSignature?.id ?? null,
    taken_over_at: shipment.picked_up_at ?? carrierSignature?.signed_at ?? null,
    place: addressLine(data.pickup?.address) || null,
    reservations: remarks.filter((r) => r.phase === 'pickup'),
  };
  const takeovers = signatures.filter((s) => s.role === 'successive_carrier').sort((a, b) => a.signed_at.getTime() - b.signed_at.getTime());
  return [
    first,
    ...takeovers.map((s, i): PodLeg => ({
      position: i + 2,
      role: 'successive_carrier',
      successive_index: s.successive_index,
      carrier: data.successive_carriers?.[s.successive_index]?.name ?? '',
      signature_id: s.id,
      taken_over_at: s.signed_at,
      place: s.place,
      reservations: remarks.filter((r) => r.phase === 'takeover' && r.successive_index === s.successive_index),
    })),
  ];
}
