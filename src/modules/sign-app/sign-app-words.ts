/**
 * The words of the signing pages, in the languages sign links are sent in (English, Dutch, German,
 * French). Plain strings with `{name}` placeholders, so the same table serves the server's HTML
 * and, as JSON in the page, the browser script's messages.
 */
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { MESSAGE_LANGUAGES } from '../signatures/sign-messages.js';
import { de } from './words/de.js';
import { en } from './words/en.js';
import { fr } from './words/fr.js';
import { nl } from './words/nl.js';

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
  | 'shipment_immutable'
  | 'invalid_transition'
  | 'validation_failed'
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
  remarksHeading: Record<'pickup' | 'delivery', string>;
  remarksIntro: string;
  remarkType: string;
  remarkTypes: Record<'damage' | 'shortage' | 'delay' | 'other', string>;
  remarkText: string;
  remarkAdd: string;
  remarkAdded: string;
  /** A link with a one-time password takes remarks once the code is verified. */
  remarkNeedsOtp: string;
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
  newerVersion: string;
  errorHeading: string;
  reference: string;
  errors: Record<PageErrorCode, string>;
}

export const SIGN_APP_WORDS: Record<MessageLanguage, SignAppWords> = { en, nl, de, fr };

/** The page's language: the link's when we have its words, else English. */
export function pageLanguage(language: string | undefined): MessageLanguage {
  return MESSAGE_LANGUAGES.find((l) => l === language) ?? 'en';
}

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
