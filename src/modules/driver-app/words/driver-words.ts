/** What the words of the driver web app hold, in every language (./en.ts, ./nl.ts, ./de.ts, ./fr.ts, ./pl.ts). */

/** Codes a refused or failed action is said in: the driver API's, plus the browser's own. */
export type DriverErrorCode =
  | 'already_signed'
  | 'goods_stopped'
  | 'signatures_missing'
  | 'conflict'
  | 'invalid_state'
  | 'invalid_transition'
  | 'shipment_immutable'
  | 'not_found'
  | 'validation_failed'
  | 'otp_invalid'
  | 'otp_locked'
  | 'unauthorized'
  | 'token_expired'
  | 'token_revoked'
  | 'token_rotated'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable'
  | 'network';

/** The actions the app queues, each named in the driver's words when the queue or a refusal lists it. */
export type DriverActionKind = 'carrier_signature' | 'takeover_signature' | 'consignor_signature' | 'consignee_signature' | 'remark' | 'stop_done' | 'stop_skipped';

/** Who takes the phone at a handoff: each said in its own sentence, since the languages decline the role. */
export type HandoffRole = 'consignor' | 'consignee';

export interface DriverWords {
  appName: string;
  noJavaScript: string;
  // Sign-in
  signInHeading: string;
  signInIntro: string;
  phone: string;
  phoneHint: string;
  sendCode: string;
  codeSent: string;
  code: string;
  signIn: string;
  otherPhone: string;
  signOut: string;
  signedInAs: string;
  // Connection and queue
  offline: string;
  online: string;
  queued: string;
  queueEmpty: string;
  sending: string;
  syncNow: string;
  savedOffline: string;
  lastUpdated: string;
  // Run
  today: string;
  upcoming: string;
  noTours: string;
  stopsDone: string;
  nextStop: string;
  openStop: string;
  pickup: string;
  delivery: string;
  /** A takeover stop: the driver takes the goods over in transit for a successive carrier (box 17). */
  takeover: string;
  takeoverFor: string;
  takeoverWaiting: string;
  takeoverDone: string;
  signTakeover: string;
  takeoverHeading: string;
  takeoverIntro: string;
  takeoverPlace: string;
  useLocation: string;
  noLocation: string;
  needPlace: string;
  /** Goods stopped by the right of disposal: the banner on the stop. */
  stoppedHeading: string;
  stoppedText: string;
  stopStatus: Record<'pending' | 'done' | 'skipped', string>;
  // Stop
  backToRun: string;
  stopOf: string;
  address: string;
  window: string;
  contact: string;
  call: string;
  instructions: string;
  goods: string;
  dangerous: string;
  /** Before the ADR class numbers: "class 3". */
  adrClass: string;
  mapApp: string;
  mapWeb: string;
  notePdf: string;
  pdfOffline: string;
  toDo: string;
  allDone: string;
  nextAction: string;
  // Actions
  signAsCarrier: string;
  handToConsignor: string;
  handToConsignee: string;
  addRemark: string;
  markDone: string;
  skipStop: string;
  // Signature
  signHeading: string;
  signIntro: string;
  signerName: string;
  drawHint: string;
  pad: string;
  clear: string;
  submitSignature: string;
  needName: string;
  needDrawing: string;
  handoffHeading: string;
  handoffIntro: Record<HandoffRole, string>;
  handoffOpening: string;
  handoffOfflineIntro: Record<HandoffRole, string>;
  handoffBack: string;
  // Remark
  remarkHeading: string;
  remarkType: string;
  remarkTypes: Record<'damage' | 'shortage' | 'delay' | 'other', string>;
  remarkText: string;
  photos: string;
  takePhoto: string;
  photoCount: string;
  removePhoto: string;
  saveRemark: string;
  needText: string;
  tooManyPhotos: string;
  // Done and skipped
  doneHeading: string;
  doneConfirm: string;
  /** The stop's checklist: what is done and what is missing. */
  checklistHeading: string;
  signerRoles: Record<'carrier' | 'consignor' | 'consignee' | 'successive_carrier', string>;
  signedBy: string;
  notSigned: string;
  remarksRecorded: string;
  noRemarks: string;
  noteVersion: string;
  photoAlt: string;
  /** A stop done without its signatures: the reason the driver picks. */
  missingHeading: string;
  missingIntro: string;
  missingReason: string;
  missingReasons: Record<'party_absent_pickup' | 'party_absent_delivery' | 'signed_on_paper' | 'refused_to_sign' | 'other', string>;
  missingText: string;
  needMissingText: string;
  skipHeading: string;
  skipReason: string;
  skipReasons: Record<'closed' | 'refused' | 'no_access' | 'other', string>;
  skipText: string;
  skipConfirm: string;
  needReason: string;
  cancel: string;
  // Results
  actionSaved: string;
  actionQueued: string;
  actions: Record<DriverActionKind, string>;
  refusedHeading: string;
  refusedIntro: string;
  refusedItem: string;
  acknowledge: string;
  capturedAt: string;
  sessionEnded: string;
  errorHeading: string;
  reference: string;
  errors: Record<DriverErrorCode, string>;
}
