/**
 * The retention policy of records an erasure finds but may not erase yet (docs/privacy.md, Sealed
 * documents). GDPR art. 17(3)(b) and (e) exempt data kept to comply with a legal obligation or for
 * legal claims; the consignment note is such a record:
 *
 * - the sealed consignment-note versions and the proof of delivery are the carrier's and sender's
 *   transport records: the Additional Protocol to the CMR concerning the electronic consignment note
 *   (Geneva, 2008), art. 5, requires the e-CMR's integrity to be kept "from the time when it was
 *   first made in its final form", and they are books and records of the business under
 *   Art. 2:10 lid 3 BW and art. 52 lid 4 Algemene wet inzake rijksbelastingen: seven years;
 * - invoices: Council Directive 2006/112/EC (VAT), art. 244–249, with the period set by the member
 *   state (art. 247: the Netherlands seven years, art. 52 AWR);
 * - drawn signature images and trust-service signature evidence are part of the sealed versions
 *   they were rendered into, and share their duty.
 *
 * The period runs to the end of the seventh calendar year after the record was made (the tax
 * retention runs per financial year; the calendar year is the conservative reading). Re-rendering a
 * sealed version without the data would break its seal and the SHA-256 the chain and the signatures
 * hold, so after the duty the purge job deletes the bytes and keeps the row (id, sha256) as proof
 * of what existed.
 */
import type { DocumentKind } from '../documents/documents.tables.js';
import type { RetainedResourceColumn } from './privacy.tables.js';

export const RETENTION_YEARS = 7;

const NOTE_DUTY = 'e-CMR Additional Protocol art. 5; Dutch Civil Code art. 2:10 and General Tax Act (AWR) art. 52: 7 years';
const INVOICE_DUTY = 'VAT Directive 2006/112/EC art. 244-249 (art. 247: member-state period; NL AWR art. 52): 7 years';

/** The document kinds that carry personal data and are kept under a duty; attachments and photos are the client's to delete. */
export const RETAINED_DOCUMENT_KINDS = ['consignment_note', 'pod', 'invoice'] as const satisfies readonly DocumentKind[];

export function legalBasis(resource: RetainedResourceColumn, kind?: DocumentKind): string {
  return resource === 'document' && kind === 'invoice' ? INVOICE_DUTY : NOTE_DUTY;
}

/** The end of the retention duty of a record made at `madeAt`: 1 January of the eighth year after it, UTC. */
export function eraseAfter(madeAt: Date): Date {
  return new Date(Date.UTC(madeAt.getUTCFullYear() + RETENTION_YEARS + 1, 0, 1));
}
