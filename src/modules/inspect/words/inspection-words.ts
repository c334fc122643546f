/** What the words of the inspection page hold, in every language (./en.ts, ./nl.ts, ./de.ts, ./fr.ts). */
export type InspectionErrorCode = 'not_found' | 'token_expired' | 'rate_limited' | 'service_unavailable' | 'internal_error';

export interface InspectionWords {
  title: string;
  /** The page's title under the heading: `{reference}` is the client's reference or the shipment id. */
  subtitle: string;
  sandbox: string;
  intact: string;
  intactText: string;
  broken: string;
  chainBroken: string;
  pdfChanged: string;
  sealInvalid: string;
  noPdf: string;
  checkedAt: string;
  status: string;
  statuses: Record<'draft' | 'issued' | 'in_transit' | 'delivered' | 'cancelled', string>;
  sender: string;
  consignee: string;
  carrier: string;
  takingOver: string;
  delivery: string;
  vehicle: string;
  goods: string;
  goodsSummary: string;
  signatures: string;
  noSignatures: string;
  levels: Record<'platform_auth' | 'ades' | 'qes', string>;
  remarks: string;
  noRemarks: string;
  phases: Record<'pickup' | 'delivery', string>;
  photos: string;
  /** A remark's photo: its thumbnail's text, when it was taken, and what its fingerprint is. */
  photoAlt: string;
  photoTaken: string;
  photoSha256: string;
  versions: string;
  version: string;
  download: string;
  earlierVersions: string;
  linksValid: string;
  efti: string;
  notConfigured: string;
  followUps: string;
  wholeNote: string;
  errorHeading: string;
  errors: Record<InspectionErrorCode, string>;
}
