/** What the words of the signing pages hold, in every language (./en.ts, ./nl.ts, ./de.ts, ./fr.ts). */
/** A message for every code the sign endpoints answer, plus the browser's own failures. */
export type PageErrorCode =
  | 'token_expired'
  | 'token_revoked'
  | 'token_rotated'
  | 'not_found'
  | 'already_signed'
  | 'otp_invalid'
  | 'otp_locked'
  | 'identification_required'
  | 'identification_invalid'
  | 'qtsp_unavailable'
  | 'conflict'
  | 'invalid_state'
  | 'disposal_not_entitled'
  | 'shipment_immutable'
  | 'invalid_transition'
  | 'validation_failed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable'
  | 'network';

export interface SignAppWords {
  title: string;
  signAs: string;
  linkValidUntil: string;
  readFirst: string;
  goToSigning: string;
  openPdf: string;
  fingerprint: string;
  goodsLine: string;
  noJavaScript: string;
  otpHeading: string;
  otpIntro: string;
  otpSend: string;
  otpSent: string;
  otpCode: string;
  otpVerify: string;
  otpDone: string;
  idHeading: string;
  idIntro: string;
  idName: string;
  idBirthDate: string;
  idSubmit: string;
  idDone: string;
  remarksHeading: Record<'pickup' | 'delivery' | 'takeover', string>;
  remarksIntro: string;
  remarkType: string;
  remarkTypes: Record<'damage' | 'shortage' | 'delay' | 'other', string>;
  remarkText: string;
  remarkAdd: string;
  remarkAdded: string;
  /** A link with a one-time password takes remarks once the code is verified. */
  remarkNeedsOtp: string;
  /** Photos with a remark, from the phone's camera; the remarks listed show theirs. */
  remarkPhotos: string;
  remarkPhotosHint: string;
  removePhoto: string;
  tooManyPhotos: string;
  photoAlt: string;
  photoTaken: string;
  signHeading: string;
  signerName: string;
  /** Under the name once identified (ades, qes): the submit must carry that name. */
  signerNameIdentified: string;
  identifyAgain: string;
  /** A submit refused because its name is not the identified one (422 on `signer_name`). */
  nameMustMatch: string;
  drawHint: string;
  pad: string;
  clear: string;
  typeInstead: string;
  drawInstead: string;
  typedHint: string;
  addLocation: string;
  /** A successive carrier's sign form: where it takes the goods over (box 17). */
  takeoverPlace: string;
  takeoverPlaceHint: string;
  locationAdded: string;
  locationUnavailable: string;
  submit: string;
  submitting: string;
  needName: string;
  needDrawing: string;
  doneHeading: string;
  doneText: string;
  handoffIntro: string;
  handoff: string;
  /** The done page of a party who signed on the driver's phone: it goes back to the driver, never on to another party. */
  giveBack: string;
  backToDriver: string;
  newerVersion: string;
  errorHeading: string;
  reference: string;
  errors: Record<PageErrorCode, string>;
  /** The right of disposal (docs/right-of-disposal.md): the sender's or consignee's instruction to the carrier. */
  disposal: {
    heading: string;
    intro: string;
    kind: string;
    kinds: Record<'stop' | 'change_delivery_place' | 'change_consignee' | 'return', string>;
    consignee: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    text: string;
    send: string;
    /** Said once the instruction is recorded: the carrier still accepts or refuses it. */
    sent: string;
    /** A link with a one-time password: the instruction waits for the code, then is sent. */
    needsOtp: string;
    /** The signer's copy page without script: the copy reads, the form needs the script. */
    noJavaScript: string;
  };
}
