/**
 * What every console page route shares: its context (the session, its view, the organisation and
 * the page language), the answer's headers, and form bodies. Page routes declare
 * `config: { access: { consoleOnly: true, page: true, permission } }` (src/modules/console-auth/console-access.ts):
 * without a session a GET is sent to the sign-in page; a POST from another origin is refused.
 * Pages post `application/x-www-form-urlencoded` forms (no script needed) inside `consoleFormScope`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { htmlPageHeaders } from '../../http/html-page.js';
import type { ConsoleSession } from '../console-auth/authenticate-console-session.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { describeConsoleSession } from '../console-auth/describe-console-session.js';
import { memberTimeZone } from '../console-auth/member-preferences.js';
import type { ConsolePermission } from '../console-auth/member-permissions.js';
import { findOrganization, type Organization } from '../organizations/organizations.repository.js';
import { CONSOLE_FRAME_CSP } from './console-layout.js';
import { keepLanguageInLinks } from './console-page-parts.js';
import { CONSOLE_LANGUAGES, consoleLanguage, type ConsoleLanguage } from './console-words.js';

export interface ConsolePageContext {
  session: ConsoleSession;
  view: ConsoleSessionView;
  organization: Organization;
  language: ConsoleLanguage;
  /** The IANA zone the member reads times in (their preference, else UTC). */
  zone: string;
}

export function consoleSessionOf(request: FastifyRequest): ConsoleSession {
  if (!request.consoleSession) throw new Error(`route ${request.routeOptions.url ?? ''} reads a console session but is not consoleOnly`);
  return request.consoleSession;
}

export async function consolePageContext(runtime: AppRuntime, request: FastifyRequest): Promise<ConsolePageContext> {
  const session = consoleSessionOf(request);
  const [view, organization] = await Promise.all([describeConsoleSession(runtime.services, session), findOrganization(runtime.services.db, session.organizationId)]);
  if (!organization) throw new Error(`session ${session.sessionId} acts in a missing organisation`);
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  const language = consoleLanguage(typeof lang === 'string' ? lang : undefined, session.preferences.language, organization.default_language, request.headers['accept-language']);
  return { session, view, organization, language, zone: memberTimeZone(session.preferences) };
}

/** A console page: its CSP (the frame's, unless the page needs more), no caching (pages show secrets once), and same-origin referrers so that its forms pass the Origin check. */
export function sendConsolePage(reply: FastifyReply, html: string, status = 200, csp = CONSOLE_FRAME_CSP): FastifyReply {
  const asked = languageAsked(reply.request);
  return htmlPageHeaders(reply, csp).header('referrer-policy', 'same-origin').status(status).send(asked ? keepLanguageInLinks(html, asked) : html);
}

/** The language a page was opened with (`?lang=`), when the console speaks it: it outranks the member's kept one (consolePageContext). */
function languageAsked(request: FastifyRequest): ConsoleLanguage | undefined {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return typeof lang === 'string' ? CONSOLE_LANGUAGES.find((l) => l === lang.toLowerCase()) : undefined;
}

/** A parsed form: one string per field, or several for a repeated field (checkboxes). */
export type FormBody = Record<string, string | string[]>;

export function formValue(body: FormBody, name: string): string | undefined {
  const value = body[name];
  return Array.isArray(value) ? value[0] : value;
}

export function formValues(body: FormBody, name: string): string[] {
  const value = body[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function parseForm(text: string): FormBody {
  const out: FormBody = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/**
 * Registers page routes whose POSTs carry forms: inside, `request.body` of a urlencoded POST is a
 * FormBody (at most 64 KiB). Outside this scope no route reads form bodies.
 */
export async function consoleFormScope(app: FastifyInstance, register: (scope: FastifyInstance) => void | Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, parseForm(body as string)));
    await register(scope);
  });
}

/** The options of a console page route: its permission (GETs without a session go to sign-in), no Idempotency-Key, left out of the OpenAPI document. */
export function consolePageRoute(permission: ConsolePermission) {
  return { config: { access: { consoleOnly: true, page: true, permission }, idempotent: false }, schema: { hide: true } } as const;
}

/**
 * A GET filter form sends its empty fields too (`status=`): they mean "any", so they are dropped
 * before the page's query schema (the module's list filters) judges the rest.
 */
export async function dropEmptyQueryValues(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  for (const [name, value] of Object.entries(query)) if (value === '') delete query[name];
}
