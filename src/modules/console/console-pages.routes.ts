/**
 * The console's pages: the front door (`/console`: sign-in form or overview),
 * the sign-in form's POST, the organisation switch, and the API keys page. Thin: each handler reads
 * the page context, calls the modules' use cases, renders. Webhook pages are in
 * console-webhook-pages.routes.ts, the log pages in console-log-pages.routes.ts.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { isAppError } from '../../core/errors.js';
import { IdString } from '../../core/schema-types.js';
import { CONSOLE_TWO_FACTOR_PATH } from '../console-auth/console-access.js';
import { cookieValue } from '../../http/cookie-origin.js';
import { consoleFormScope, consolePageContext, consolePageRoute, consoleSessionOf, formValue, formValues, sendConsolePage, type FormBody } from './console-page.routes.js';
import { requestMagicLinkWithinLimits } from '../console-auth/magic-link-request-access.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { listApiKeys } from '../api-keys/list-api-keys.js';
import { revokeApiKey } from '../api-keys/revoke-api-key.js';
import { authenticateConsoleSession } from '../console-auth/authenticate-console-session.js';
import { SESSION_COOKIE, sessionLifetimes } from '../console-auth/console-auth-policy.js';
import { roleMay } from '../console-auth/member-permissions.js';
import { switchOrganization } from '../console-auth/switch-organization.js';
import { hasPassedSecondFactor } from '../console-auth/two-factor/second-factor-gate.js';
import { API_KEY_NOTICES, renderApiKeysPage, renderNewApiKeyPage, renderRevokeApiKeyPage } from './api-keys-pages.js';
import { consoleLanguage } from './console-words.js';
import { renderCheckMailPage, renderOverviewPage, renderSignInPage, type SignInRefusal } from './overview-pages.js';

/** The shape a sign-in form's address must have before a mail is tried (the API's schema asks the same of its JSON). */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const KeyParams = Type.Object({ id: IdString('api_key') }, { additionalProperties: false });

export async function consolePageRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  const lifetimes = sessionLifetimes(runtime.config.console);

  app.get('/console', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const secret = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const session = secret ? await authenticateConsoleSession(runtime.services, lifetimes, secret) : undefined;
    if (!session) {
      const lang = (request.query as { lang?: string }).lang;
      return sendConsolePage(reply, renderSignInPage(consoleLanguage(lang, undefined, undefined, request.headers['accept-language'])));
    }
    // A session that still owes its second factor sees the factor's page, as every other console page sends it there.
    if (!(await hasPassedSecondFactor(runtime.services, session))) return reply.header('cache-control', 'no-store').redirect(CONSOLE_TWO_FACTOR_PATH, 303);
    request.consoleSession = session;
    const page = await consolePageContext(runtime, request);
    return sendConsolePage(reply, renderOverviewPage(page.language, page.view));
  });

  await consoleFormScope(app, (scope) => {
    scope.post<{ Body: FormBody }>('/console/sign-in', { config: { access: { public: true }, idempotent: false }, schema: { hide: true } }, async (request, reply) => {
      const language = consoleLanguage(formValue(request.body, 'lang'), undefined, undefined, request.headers['accept-language']);
      const email = (formValue(request.body, 'email') ?? '').trim();
      if (email.length > 254 || !EMAIL.test(email)) return sendConsolePage(reply, renderSignInPage(language, 'invalid', email), 422);
      try {
        const receipt = await requestMagicLinkWithinLimits(runtime, request, reply, { email, language });
        return sendConsolePage(reply, renderCheckMailPage(language, receipt.email), 202);
      } catch (error) {
        const refusal: SignInRefusal | undefined = isAppError(error) ? (error.code === 'rate_limited' ? 'tooMany' : error.code === 'service_unavailable' ? 'unavailable' : undefined) : undefined;
        if (!refusal || !isAppError(error)) throw error;
        // Retry-After and the rate-limit headers, as the API answers them.
        return sendConsolePage(reply.headers(error.headers), renderSignInPage(language, refusal, email), error.status);
      }
    });

    scope.post<{ Body: FormBody }>('/console/organization', consolePageRoute('console:read'), async (request, reply) => {
      await switchOrganization(runtime.services, consoleSessionOf(request), formValue(request.body, 'organization_id') ?? '');
      return reply.header('cache-control', 'no-store').redirect('/console', 303);
    });

    scope.get<{ Querystring: { done?: string } }>('/console/api-keys', consolePageRoute('console:read'), async (request, reply) => {
      const page = await consolePageContext(runtime, request);
      const keys = await listApiKeys(runtime.services, page.organization.id);
      const notice = request.query.done === 'revoked' ? { notice: { text: API_KEY_NOTICES.revoked(page.language) } } : {};
      return sendConsolePage(reply, renderApiKeysPage({ language: page.language, view: page.view, keys, mayManage: roleMay(page.session.role, 'api_keys:manage'), ...notice }));
    });

    scope.post<{ Body: FormBody }>('/console/api-keys', consolePageRoute('api_keys:manage'), async (request, reply) => {
      const page = await consolePageContext(runtime, request);
      const mode = formValue(request.body, 'key_mode') === 'live' ? 'live' : 'test';
      if (mode === 'live' && !page.organization.live_enabled) {
        const keys = await listApiKeys(runtime.services, page.organization.id);
        const notice = { text: API_KEY_NOTICES.liveLocked(page.language), error: true };
        return sendConsolePage(reply, renderApiKeysPage({ language: page.language, view: page.view, keys, mayManage: true, notice }), 403);
      }
      const scopes = formValues(request.body, 'scopes');
      const source = consoleTenantContext(runtime, request, mode).source;
      const key = await createApiKey(runtime.services, { organizationId: page.organization.id, mode, ...(scopes.length > 0 ? { scopes } : {}) }, source);
      // The answer itself shows the key (no redirect: it would have to carry the secret), never cached.
      return sendConsolePage(reply, renderNewApiKeyPage(page.language, page.view, key), 201);
    });

    scope.get<{ Params: { id: string } }>('/console/api-keys/:id/revoke', { ...consolePageRoute('api_keys:manage'), schema: { hide: true, params: KeyParams } }, async (request, reply) => {
      const page = await consolePageContext(runtime, request);
      const key = (await listApiKeys(runtime.services, page.organization.id)).find((k) => k.id === request.params.id && !k.revoked_at);
      if (!key) return reply.header('cache-control', 'no-store').redirect('/console/api-keys', 303);
      return sendConsolePage(reply, renderRevokeApiKeyPage(page.language, page.view, key));
    });

    scope.post<{ Params: { id: string } }>('/console/api-keys/:id/revoke', { ...consolePageRoute('api_keys:manage'), schema: { hide: true, params: KeyParams } }, async (request, reply) => {
      const session = consoleSessionOf(request);
      await revokeApiKey(runtime.services, request.params.id, consoleTenantContext(runtime, request).source, session.organizationId);
      return reply.header('cache-control', 'no-store').redirect('/console/api-keys?done=revoked', 303);
    });
  });
}
