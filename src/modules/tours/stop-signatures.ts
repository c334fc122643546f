/**
 * Who must have signed before a stop is done (CMR articles 5, 9, 13 and 34): at a pickup the carrier
 * and the consignor, at a delivery the consignee, at a takeover the successive carrier it names. A stop may also be closed without them when the
 * driver says why (`missing_signatures`): the reason is then chained on the shipment, printed on
 * the next note version and on the proof of delivery.
 */
import type { ShipmentStatus } from '../shipments/shipment-status.js';

export type StopKind = 'pickup' | 'delivery' | 'takeover';
export type StopSigner = 'carrier' | 'consignor' | 'consignee' | 'successive_carrier';

export const STOP_SIGNERS: Record<StopKind, readonly StopSigner[]> = { pickup: ['carrier', 'consignor'], delivery: ['consignee'], takeover: ['successive_carrier'] };

/** The one party the driver hands the phone to at a stop of this kind; at a takeover the driver signs for its own carrier. */
export const HANDOFF_PARTY: Partial<Record<StopKind, 'consignor' | 'consignee'>> = { pickup: 'consignor', delivery: 'consignee' };

/**
 * The roles signed as a stop counts them: a successive carrier only when it is the one the
 * takeover stop names, since box 17 may list several.
 */
export function signedAtStop(stop: { kind: StopKind; successive_index?: number }, signatures: readonly { role: string; successive_index: number }[]): Set<string> {
  return new Set(signatures.filter((s) => s.role !== 'successive_carrier' || (stop.kind === 'takeover' && s.successive_index === stop.successive_index)).map((s) => s.role));
}

export const MISSING_SIGNATURE_REASONS = ['party_absent', 'signed_on_paper', 'refused_to_sign', 'other'] as const;
export type MissingSignatureReason = (typeof MISSING_SIGNATURE_REASONS)[number];

/** Statuses in which the stop's phase is over: the goods were taken over (or delivered) some other way, so nothing is missing. */
const PAST: Record<StopKind, readonly ShipmentStatus[]> = { pickup: ['in_transit', 'delivered'], delivery: ['delivered'], takeover: ['delivered'] };

/** The roles still to sign at a stop, in the order the note lists them. */
export function missingSigners(kind: StopKind, status: ShipmentStatus, signed: ReadonlySet<string>): StopSigner[] {
  if (PAST[kind].includes(status)) return [];
  return STOP_SIGNERS[kind].filter((role) => !signed.has(role));
}

/** The reason as the note prints it, in the note's language (English for one without words). */
const REASON_WORDS: Record<string, Record<MissingSignatureReason, string> & { roles: Record<StopSigner, string> }> = {
  en: { party_absent: 'absent', signed_on_paper: 'signed on paper', refused_to_sign: 'refused to sign', other: 'other reason', roles: { carrier: 'Carrier', consignor: 'Sender', consignee: 'Consignee', successive_carrier: 'Successive carrier' } },
  nl: { party_absent: 'afwezig', signed_on_paper: 'op papier getekend', refused_to_sign: 'weigerde te tekenen', other: 'andere reden', roles: { carrier: 'Vervoerder', consignor: 'Afzender', consignee: 'Geadresseerde', successive_carrier: 'Opvolgende vervoerder' } },
  de: { party_absent: 'abwesend', signed_on_paper: 'auf Papier unterschrieben', refused_to_sign: 'Unterschrift verweigert', other: 'anderer Grund', roles: { carrier: 'Frachtführer', consignor: 'Absender', consignee: 'Empfänger', successive_carrier: 'Nachfolgender Frachtführer' } },
  fr: { party_absent: 'absent', signed_on_paper: 'signé sur papier', refused_to_sign: 'a refusé de signer', other: 'autre raison', roles: { carrier: 'Transporteur', consignor: 'Expéditeur', consignee: 'Destinataire', successive_carrier: 'Transporteur successif' } },
};

export interface UnsignedStop {
  kind: StopKind;
  missing: readonly StopSigner[];
  reason: MissingSignatureReason;
  text?: string | null;
  captured_at: string;
}

/** One line for the note: "Sender: absent — gate closed (captured 2026-12-05 10:42 UTC)". */
export function unsignedStopText(stop: UnsignedStop, language: string): string {
  const w = REASON_WORDS[language] ?? REASON_WORDS.en!;
  const who = stop.missing.map((r) => w.roles[r]).join(', ');
  const captured = `${stop.captured_at.slice(0, 16).replace('T', ' ')} UTC`;
  return `${who}: ${w[stop.reason]}${stop.text ? ` — ${stop.text}` : ''} (${captured})`;
}
