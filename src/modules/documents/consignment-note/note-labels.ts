/**
 * What the consignment note prints besides the goods and parties, in one language
 * (cmr-labels.ts has English, Dutch, German and French): the CMR form's box titles and the words
 * around them.
 */
import type { TransportType } from '../../shipments/shipment-input.schema.js';

export interface NoteLabels {
  title: string;
  subtitle: string;
  boxes: Record<number, string>;
  shipment: string;
  document: string;
  version: string;
  reference: string;
  transportType: string;
  /** The shipment's transport type as the note words it (the API's `national`, `international`, …). */
  transportTypes: Record<TransportType, string>;
  inspection: string;
  page: (n: number, of: number) => string;
  continued: string;
  continuedBelow: string;
  vehicle: string;
  trailer: string;
  adr: string;
  limitedQuantity: string;
  environmentallyHazardous: string;
  tunnel: string;
  total: string;
  carriage: string;
  payer: Record<'consignor' | 'consignee' | 'principal', string>;
  carriagePaid: string;
  carriageForward: string;
  window: string;
  contact: string;
  vat: string;
  eori: string;
  signedBy: string;
  level: string;
  reservationsAtDelivery: string;
  /** Box 17: when and where a successive carrier took the goods over. */
  takenOver: string;
  /** Box 18: the heading over a successive carrier's reservations at its takeover. */
  successiveReservations: string;
  reservationTypes: Record<string, string>;
  none: string;
  packageTypes: Record<string, string>;
  wasteNotification: string;
  combinedTransport: string;
}

/** The transport type in the note's words; a type the labels do not know (none today) as the API names it. */
export function transportTypeWords(labels: NoteLabels, type: string): string {
  return labels.transportTypes[type as TransportType] ?? type;
}
