/**
 * Asking for a console sign-in link over HTTP, shared by POST /v1/auth/magic-links (JSON) and the
 * console's sign-in form (POST /console/sign-in): the per-client-address and per-e-mail-address
 * windows (MAGIC_LINK_IP_LIMIT, MAGIC_LINK_ADDRESS_LIMIT per MAGIC_LINK_WINDOW_S), then the mail.
 * Both doors count in the same windows, so the form is no way around the limits.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError } from '../../core/errors.js';
import { normalizedEmail, secretHash } from './console-auth-policy.js';
import type { CreateMagicLink } from './console-auth.schema.js';
import type { ConsoleLanguage } from '../console/console-words.js';
import { requestMagicLink } from './request-magic-link.js';
import { countInWindow } from '../../http/rate-limit-answer.js';

/** Counts one request against a window; past it, 429 `rate_limited` with Retry-After. */
function count(runtime: AppRuntime, reply: FastifyReply, window: { prefix: string; key: string; limit: number; what: string }): Promise<void> {
  const { windowS } = runtime.config.console.magicLinks;
  return countInWindow(runtime, reply, { limiter: 'magic_link', prefix: window.prefix, key: window.key, limit: window.limit, windowS, over: `sign-in links per ${windowS} s ${window.what}` });
}

/** Counts the request in both windows and e-mails the link; raises `rate_limited` or `service_unavailable`. */
export async function requestMagicLinkWithinLimits(runtime: AppRuntime, request: FastifyRequest, reply: FastifyReply, body: CreateMagicLink & { language?: ConsoleLanguage }) {
  const limits = runtime.config.console.magicLinks;
  await count(runtime, reply, { prefix: 'rl:magic:ip', key: `ip:${request.ip}`, limit: limits.ipLimit, what: 'from this client address' });
  // Counted under the address's hash: the key-value store holds no e-mail addresses.
  await count(runtime, reply, { prefix: 'rl:magic:addr', key: secretHash(normalizedEmail(body.email)), limit: limits.addressLimit, what: 'for this e-mail address' });
  try {
    return await requestMagicLink(runtime.services, body);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('service_unavailable', 'The sign-in e-mail could not be sent; ask again shortly.', { cause: error });
  }
}
