/**
 * The contact form's fixed rules (docs/public-doors-contact.md): field limits, how long a
 * message is kept, and how often its e-mail to CONTACT_EMAIL is retried.
 */
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { MESSAGE_LANGUAGES } from '../signatures/sign-messages.js';

export const CONTACT_LIMITS = { name: 200, email: 254, organization: 200, message: 5000 } as const;

/** The languages of the contact page, and of `language` in the body: those sign links are sent in. */
export const CONTACT_LANGUAGES: readonly MessageLanguage[] = MESSAGE_LANGUAGES;

/** A message is deleted this long after it arrived: a year answers any follow-up, then it has no purpose. */
export const CONTACT_RETENTION_DAYS = 365;
export const CONTACT_RETENTION_MS = CONTACT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

export const CONTACT_EMAIL_JOB = 'email-contact-message';

/**
 * A mail server that is down for a while does not lose the message: retried after 1 and 5
 * minutes, half an hour, 2 and 12 hours (about 15 hours in all); the row keeps it either way.
 */
export const CONTACT_EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
