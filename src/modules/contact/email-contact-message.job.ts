/** The job that e-mails a contact message to CONTACT_EMAIL (./email-contact-message.ts). */
import { defineJob } from '../../jobs/job-definition.js';
import type { ContactEmailPayload } from './create-contact-message.js';
import { CONTACT_EMAIL_JOB, CONTACT_EMAIL_RETRY_DELAYS_MS } from './contact-policy.js';
import { emailContactMessage, recordContactEmailFailure } from './email-contact-message.js';

function parse(payload: unknown): ContactEmailPayload {
  const p = payload as Partial<ContactEmailPayload> | null;
  if (typeof p?.message_id !== 'string' || typeof p.to !== 'string') throw new Error(`not a ${CONTACT_EMAIL_JOB} payload`);
  return { message_id: p.message_id, to: p.to };
}

export const emailContactMessageJob = defineJob<ContactEmailPayload>({
  kind: CONTACT_EMAIL_JOB,
  parse,
  retryDelaysMs: CONTACT_EMAIL_RETRY_DELAYS_MS,
  handle: emailContactMessage,
  onExhausted: recordContactEmailFailure,
});
