/**
 * The doors of the sign-in links (a magic link, an invitation link). GET opens a page that says
 * what the link does, with one button; the button's POST (same address, from this origin only)
 * spends the link and answers with the session cookie and a 303 to the console. A link that cannot
 * be used answers with its refusal page (404 for a link of nothing, 410 for a spent, expired or
 * withdrawn one) on either. Pages, not JSON: a person follows the link. Opening is not signing in,
 * because mail scanners open every link of a message before the person does.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { SESSION_COOKIE, sessionLifetimes } from './console-auth-policy.js';
import type { OpenedSession } from './open-console-session.js';
import { CONSOLE_PAGE_CSP } from './render-console-pages.js';
import type { SignInSource } from './open-console-session.js';
import { checkConsoleOrigin } from '../../http/cookie-origin.js';
import { htmlPageHeaders } from '../../http/html-page.js';
import { consoleLanguage, type ConsoleLanguage } from '../console/console-words.js';

/** Sets (or, with an empty value and 0, clears) the console session cookie. */
export function setSessionCookie(runtime: Pick<AppRuntime, 'config'>, reply: FastifyReply, value: string, maxAgeS: number): FastifyReply {
  const attributes = [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeS}`, ...(runtime.config.console.secureCookie ? ['Secure'] : [])];
  return reply.header('set-cookie', attributes.join('; '));
}

function refuse<R extends string>(reply: FastifyReply, reason: R, refusedPage: (reason: R) => string): FastifyReply {
  return htmlPageHeaders(reply, CONSOLE_PAGE_CSP).status(reason === 'unknown' ? 404 : 410).send(refusedPage(reason));
}

/** The language of a link's page: `?lang=` when the console speaks it, else the browser's pick (no session, no organisation yet). */
function linkPageLanguage(request: FastifyRequest): ConsoleLanguage {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return consoleLanguage(typeof lang === 'string' ? lang : undefined, undefined, undefined, request.headers['accept-language']);
}

export function answerSignInLink<R extends string>(runtime: Pick<AppRuntime, 'config'>, reply: FastifyReply, result: OpenedSession | { refused: R }, refusedPage: (reason: R) => string): FastifyReply {
  if ('refused' in result) return refuse(reply, result.refused, refusedPage);
  setSessionCookie(runtime, reply, result.secret, Math.floor(sessionLifetimes(runtime.config.console).maxMs / 1000));
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect('/console', 303);
}

/** A link's token: 32 random bytes, base64url. Anything else is a link of nothing. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface SignInLinkDoor<F, R extends string> {
  /** The route's path, ending in `/:token`. */
  path: string;
  /** What the link would do, without spending it. */
  preview(token: string): Promise<F | { refused: R }>;
  /** Spends the link and opens the session; `language` is the link page's (what a first sign-in names things in). */
  spend(token: string, source: SignInSource, language: ConsoleLanguage): Promise<OpenedSession | { refused: R }>;
  confirmPage(found: F, language: ConsoleLanguage): string;
  refusedPage(reason: R | 'unknown', language: ConsoleLanguage): string;
}

export async function signInLinkRoutes<F extends object, R extends string>(app: FastifyInstance, runtime: Pick<AppRuntime, 'config'>, door: SignInLinkDoor<F, R>): Promise<void> {
  const params = Type.Object({ token: Type.String({ maxLength: 200 }) });
  app.get<{ Params: { token: string } }>(door.path, { config: { access: { public: true } }, schema: { hide: true, params } }, async (request, reply) => {
    const token = request.params.token;
    const found = TOKEN.test(token) ? await door.preview(token) : ({ refused: 'unknown' } as const);
    const language = linkPageLanguage(request);
    if ('refused' in found) return refuse(reply, found.refused, (reason) => door.refusedPage(reason, language));
    // same-origin, not no-referrer: under no-referrer a browser sends the form's POST with `Origin: null`, which the check refuses.
    return htmlPageHeaders(reply, CONSOLE_PAGE_CSP).header('referrer-policy', 'same-origin').send(door.confirmPage(found, language));
  });
  // The confirm form posts an empty urlencoded body: its own scope, so no other route reads form bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    scope.post<{ Params: { token: string } }>(door.path, { config: { access: { public: true }, idempotent: false, optionalBody: true }, schema: { hide: true, params } }, async (request, reply) => {
      // A page of another site must not sign a browser in to someone else's account (login CSRF).
      checkConsoleOrigin(request, new URL(runtime.config.publicBaseUrl).origin);
      const token = request.params.token;
      const userAgent = request.headers['user-agent'];
      // The confirm form posts to the page's own address, so a `?lang=` the page was opened with comes along.
      const language = linkPageLanguage(request);
      const result = TOKEN.test(token) ? await door.spend(token, { ip: request.ip, ...(userAgent ? { userAgent } : {}) }, language) : ({ refused: 'unknown' } as const);
      return answerSignInLink<R | 'unknown'>(runtime, reply, result, (reason) => door.refusedPage(reason, language));
    });
  });
}
