/** What the words of the contact page hold, in every language (./en.ts, ./nl.ts, ./de.ts, ./fr.ts). */

/** The form's fields, as the API names them. */
export type ContactField = 'name' | 'email' | 'organization' | 'message';

/** A message for every code POST /v1/public/contact answers with, plus the browser's own failures. */
export type ContactErrorCode = 'validation_failed' | 'rate_limited' | 'botcheck_failed' | 'payload_too_large' | 'internal_error' | 'service_unavailable' | 'network';

export interface ContactWords {
  title: string;
  intro: string;
  labels: Record<ContactField, string>;
  /** Under a field: its limits. */
  hints: Record<ContactField, string>;
  optional: string;
  /** What is kept, and for how long ({days}). */
  privacy: string;
  submit: string;
  /** While the proof of work runs and the message is sent. */
  sending: string;
  thanksHeading: string;
  thanksText: string;
  another: string;
  noJavaScript: string;
  /** Shown at a field the service refused. */
  fieldErrors: Record<ContactField, string>;
  /** {seconds}, {minutes}: from Retry-After. {id}: the request id. */
  errors: Record<ContactErrorCode, string>;
  /** {id}: the message's reference, under the thank-you. */
  reference: string;
  /** The altcha widget's own words (its i18n keys); the rest stay English. */
  widget: { label: string; verifying: string; verified: string; error: string; expired: string; verificationRequired: string; waitAlert: string; loading: string; reload: string; verify: string };
}
