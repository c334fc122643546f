/**
 * What the words of the inspection page hold, one file per official EU language beside this one
 * (./bg.ts … ./sv.ts). A new word is a key here and a line in every file: the compiler names the
 * files that miss it, and ../inspection-words.test.ts names missing or extra keys in any.
 * `{name}` marks a value filled in by the page; numbers and times come formatted for the language.
 */
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
  /** Before a pickup's or delivery's agreed times, from – to. */
  timeWindow: string;
  vehicle: string;
  /** The trailer's plate beside the vehicle's. */
  trailer: string;
  goods: string;
  goodsLines: string;
  packages: string;
  grossWeight: string;
  signatures: string;
  /** The signer's role, as box 22–24 and 17 of the CMR name them. */
  roles: Record<'consignor' | 'carrier' | 'consignee' | 'successive_carrier', string>;
  noSignatures: string;
  levels: Record<'platform_auth' | 'ades' | 'qes', string>;
  remarks: string;
  noRemarks: string;
  reservationTypes: Record<'damage' | 'shortage' | 'delay' | 'other', string>;
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
  eftiGate: string;
  eftiPlatform: string;
  eftiDataset: string;
  notConfigured: string;
  followUps: string;
  wholeNote: string;
  /** Under the whole note: `{language}` is the name of the note's printed language. */
  asPrinted: string;
  /** The language switcher's name. */
  language: string;
  errorHeading: string;
  errors: Record<InspectionErrorCode, string>;
}
