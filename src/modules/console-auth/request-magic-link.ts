/**
 * POST /v1/auth/magic-links: a single-use sign-in link e-mailed to the address. The same work is
 * done for every address, known or not (a row stored, a mail sent): the user is found or made only
 * when the link is followed, so neither the answer nor its timing says whether an account exists.
 * The mail is sent in the request, through the notifier, so the token exists only in the mail and
 * as its hash; a mail server that refuses makes the request fail (the caller may ask again).
 */
import type { Services } from '../../core/context.js';
import type { ConsoleLanguage } from '../console/console-words.js';
import { MAGIC_LINK_PATH, MAGIC_LINK_TTL_MS, newSecret, normalizedEmail, secretHash } from './console-auth-policy.js';
import { insertMagicLink } from './console-auth.repository.js';
import { magicLinkMail } from './magic-link-mail.js';

/**
 * Stores and mails a link for `email`. With `language` (the console's sign-in form sends its page's),
 * the mail speaks it and the link carries it as `?lang=`: its page speaks that language, and a first
 * sign-in names the new organisation in it.
 */
export async function requestMagicLink(services: Pick<Services, 'db' | 'clock' | 'notifier' | 'publicBaseUrl'>, input: { email: string; language?: ConsoleLanguage }): Promise<{ email: string; expires_in: number }> {
  const email = normalizedEmail(input.email);
  const now = services.clock.now();
  const token = newSecret();
  await insertMagicLink(services.db, { token_hash: secretHash(token), email, created_at: now, expires_at: new Date(now.getTime() + MAGIC_LINK_TTL_MS), used_at: null });
  await services.notifier.send(magicLinkMail(email, `${services.publicBaseUrl}${MAGIC_LINK_PATH}/${token}${input.language ? `?lang=${input.language}` : ''}`, services.publicBaseUrl, input.language));
  return { email, expires_in: MAGIC_LINK_TTL_MS / 1000 };
}
