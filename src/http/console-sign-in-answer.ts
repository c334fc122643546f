/**
 * How a followed sign-in link answers (a magic link, an invitation link): the session cookie and a
 * 303 to the console, or the refusal page (404 for a link of nothing, 410 for a spent, expired or
 * withdrawn one). Pages, not JSON: a person follows the link.
 */
import type { FastifyReply } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import { SESSION_COOKIE, sessionLifetimes } from '../modules/console-auth/console-auth-policy.js';
import type { OpenedSession } from '../modules/console-auth/open-console-session.js';
import { CONSOLE_PAGE_CSP } from '../modules/console-auth/render-console-pages.js';
import { htmlPageHeaders } from './html-page.js';

/** Sets (or, with an empty value and 0, clears) the console session cookie. */
export function setSessionCookie(runtime: Pick<AppRuntime, 'config'>, reply: FastifyReply, value: string, maxAgeS: number): FastifyReply {
  const attributes = [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeS}`, ...(runtime.config.console.secureCookie ? ['Secure'] : [])];
  return reply.header('set-cookie', attributes.join('; '));
}

export function answerSignInLink<R extends string>(runtime: Pick<AppRuntime, 'config'>, reply: FastifyReply, result: OpenedSession | { refused: R }, refusedPage: (reason: R) => string): FastifyReply {
  if ('refused' in result) return htmlPageHeaders(reply, CONSOLE_PAGE_CSP).status(result.refused === 'unknown' ? 404 : 410).send(refusedPage(result.refused));
  setSessionCookie(runtime, reply, result.secret, Math.floor(sessionLifetimes(runtime.config.console).maxMs / 1000));
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect('/console', 303);
}
