/**
 * What the consignment note is rendered from: the shipment as stored, the document's identity,
 * the inspection link, and the facts later areas add (signatures, reservations). Everything the
 * PDF shows comes from here — no clock, no randomness — so the same input gives the same bytes.
 */
export type NoteLanguage = 'en' | 'nl' | 'de' | 'fr';

export interface NoteSignature {
  role: 'consignor' | 'carrier' | 'consignee' | 'successive_carrier';
  /** For a successive carrier: its position in `successive_carriers`, from 0. */
  index?: number;
  signer_name: string;
  signed_at: Date;
  /** A successive carrier's: where it took the goods over. */
  place?: string;
  /** `drawn`, `typed`, `platform` or `trust_service`. */
  method: string;
  /** `platform_auth`, `ades` or `qes`. */
  level: string;
  /** The drawn signature, as PNG bytes. */
  image_png?: Uint8Array;
}

/**
 * A photo of a reservation as evidence: read from the object store before the render (no
 * transaction open across it), so the render thread gets the bytes and makes the thumbnail.
 */
export interface EvidencePhoto {
  document_id: string;
  /** As sniffed at upload: `image/jpeg`, `image/png`, `image/webp` or `image/heic`. */
  content_type: string;
  sha256: string;
  /** When the device took it, if it said so (the driver's offline queue); else when it was uploaded. */
  captured_at: Date;
  /** The stored file; absent when it could not be read (the PDF shows a placeholder with the hash). */
  bytes?: Uint8Array;
}

export interface NoteReservation {
  /** The remark's id: the reference printed beside each of its photos. */
  id?: string;
  /** `takeover`: a successive carrier's, printed in box 18 under its name (CMR article 35). */
  phase: 'pickup' | 'delivery' | 'takeover';
  /** For `takeover`: the successive carrier's position in `successive_carriers`, from 0. */
  successive_index?: number;
  type: string;
  text: string;
  created_at: Date;
  /** Its photos, printed as thumbnails on the note's annex pages; counted and located in its box. */
  photos?: readonly EvidencePhoto[];
}

/** An instruction under the right of disposal the carrier accepted (CMR art. 12): printed in box 13. */
export interface NoteDisposal {
  kind: 'stop' | 'change_delivery_place' | 'change_consignee' | 'return';
  instructing_party: 'consignor' | 'consignee';
  /** The new place of delivery and consignee as given (a stop's address, a party's name and address). */
  delivery?: { address?: Record<string, string | undefined> } | null;
  consignee?: { name?: string; address?: Record<string, string | undefined> } | null;
  text?: string | null;
  instructed_at: Date;
  accepted_at: Date;
}

export interface ConsignmentNoteInput {
  /** The shipment's input fields as stored, with its id, status and transport type. */
  shipment: Record<string, unknown> & { id: string; status: string; transport_type: string };
  document_id: string;
  version: number;
  inspection_url: string;
  language: NoteLanguage;
  /** Box 21: where and when the note was established (the consignor's city, the issue time). */
  established: { place: string; at: Date };
  /** When this version was made: the PDF's creation date. */
  rendered_at: Date;
  signatures?: readonly NoteSignature[];
  reservations?: readonly NoteReservation[];
  /** Accepted disposal instructions, oldest first. */
  disposals?: readonly NoteDisposal[];
}
