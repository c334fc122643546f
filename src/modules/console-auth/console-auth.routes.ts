/**
 * Console sign-in (docs/console-auth.md): POST /v1/auth/magic-links e-mails a
 * single-use link; /console/magic/{token} opens a page whose button follows it and sets the session
 * cookie; the session routes under /v1/auth/ take that cookie and refuse API keys
 * (src/modules/console-auth/console-access.ts).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import type { ActSource } from '../../core/context.js';
import { IdString } from '../../core/schema-types.js';
import { setSessionCookie, signInLinkRoutes } from './sign-in-link.routes.js';
import { requestMagicLinkWithinLimits } from './magic-link-request-access.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import type { ConsoleSession } from './authenticate-console-session.js';
import { MAGIC_LINK_PATH, sessionLifetimes } from './console-auth-policy.js';
import { ConsoleSessionListSchema, ListConsoleSessionsQuerySchema, ConsoleSessionViewSchema, CreateMagicLinkSchema, MagicLinkReceiptSchema, SwitchOrganizationSchema, MemberPreferencesSchema, type MemberPreferencesBody, type CreateMagicLink, type SwitchOrganization } from './console-auth.schema.js';
import { describeConsoleSession } from './describe-console-session.js';
import { listConsoleSessions, type ListConsoleSessionsQuery } from './list-console-sessions.js';
import { renderConfirmSignIn, renderLinkRefused } from './render-console-pages.js';
import { previewMagicLink, signInWithMagicLink } from './sign-in-with-magic-link.js';
import { endSession, signOut, signOutEverywhere } from './sign-out.js';
import { setMemberPreferences } from './member-preferences.js';
import { switchOrganization } from './switch-organization.js';

const console_ = { access: { consoleOnly: true } } as const;
/** Routes a session reaches before it has passed its second factor: who am I, and leaving. */
const beforeSecondFactor = { access: { consoleOnly: true, beforeSecondFactor: true } } as const;

function sessionOf(request: { consoleSession?: ConsoleSession }): ConsoleSession {
  if (!request.consoleSession) throw new Error('console route without a console session');
  return request.consoleSession;
}

export async function consoleAuthRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [CreateMagicLinkSchema, MagicLinkReceiptSchema, SwitchOrganizationSchema, ConsoleSessionViewSchema, ConsoleSessionListSchema, MemberPreferencesSchema]) app.addSchema(schema);
  const lifetimes = sessionLifetimes(runtime.config.console);
  const limits = runtime.config.console.magicLinks;

  const setCookie = (reply: FastifyReply, value: string, maxAgeS: number) => setSessionCookie(runtime, reply, value, maxAgeS);
  // The audit source of a console act: the signed-in user, with the request's IP and user agent.
  const sourceOf = (request: FastifyRequest): ActSource => consoleTenantContext(runtime, request).source!;

  app.post<{ Body: CreateMagicLink }>(
    '/v1/auth/magic-links',
    {
      config: { access: { public: true }, idempotent: false, errors: ['rate_limited'] },
      schema: {
        operationId: 'createMagicLink',
        tags: ['auth'],
        summary: 'E-mail a sign-in link for the console',
        description:
          'No API key. E-mails a link to `PUBLIC_BASE_URL/console/magic/…` that signs in once, within 15 minutes (only its hash is stored). ' +
          'The answer is the same for every address: one without an account gets one when the link is followed (with a new organisation in the sandbox, not cleared for live, of which it is the owner). ' +
          `Each client address may ask MAGIC_LINK_IP_LIMIT links (${limits.ipLimit}) and each e-mail address MAGIC_LINK_ADDRESS_LIMIT links (${limits.addressLimit}) per MAGIC_LINK_WINDOW_S seconds (${limits.windowS}); past either, 429 \`rate_limited\` with \`Retry-After\`. ` +
          'A mail server that does not take the mail is 503 `service_unavailable` (ask again). Not idempotent: each request sends a mail.',
        body: Type.Ref(CreateMagicLinkSchema),
        response: { 202: Type.Ref(MagicLinkReceiptSchema, { description: 'The link is on its way.' }) },
      },
    },
    async (request, reply) => {
      const receipt = await requestMagicLinkWithinLimits(runtime, request, reply, request.body);
      return reply.status(202).header('cache-control', 'no-store').send(receipt);
    },
  );

  await signInLinkRoutes(app, runtime, {
    path: `${MAGIC_LINK_PATH}/:token`,
    preview: (token) => previewMagicLink(runtime.services, token),
    spend: (token, source, language) => signInWithMagicLink(runtime.services, lifetimes, { token, language, ...source }),
    confirmPage: (link, language) => renderConfirmSignIn(link.email, language),
    refusedPage: renderLinkRefused,
  });

  // The landing page's sign-out form (urlencoded, empty): its own scope, so no other route reads form bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    scope.post('/console/sign-out', { config: { ...beforeSecondFactor, idempotent: false, optionalBody: true }, schema: { hide: true } }, async (request, reply) => {
      await signOut(runtime.services, sessionOf(request), sourceOf(request));
      return setCookie(reply, '', 0).redirect('/console', 303);
    });
  });

  app.get(
    '/v1/auth/session',
    {
      config: beforeSecondFactor,
      schema: {
        operationId: 'getConsoleSession',
        tags: ['auth'],
        summary: 'The signed-in console session',
        description: 'The user, the organisation the console acts in with the user\'s role there, all of the user\'s organisations, and when the session ends.',
        response: { 200: Type.Ref(ConsoleSessionViewSchema) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await describeConsoleSession(runtime.services, sessionOf(request))),
  );

  app.post<{ Body: SwitchOrganization }>(
    '/v1/auth/session/organization',
    {
      config: { ...console_, idempotent: false, errors: ['not_found'] },
      schema: {
        operationId: 'switchConsoleOrganization',
        tags: ['auth'],
        summary: 'Switch the organisation the console acts in',
        description: 'The session acts in this organisation, with the user\'s role there, from now on. An organisation the user is not a member of (or that does not exist) is 404 `not_found`.',
        body: Type.Ref(SwitchOrganizationSchema),
        response: { 200: Type.Ref(ConsoleSessionViewSchema) },
      },
    },
    async (request, reply) => {
      const session = await switchOrganization(runtime.services, sessionOf(request), request.body.organization_id);
      return reply.header('cache-control', 'no-store').send(await describeConsoleSession(runtime.services, session));
    },
  );

  app.put<{ Body: MemberPreferencesBody }>(
    '/v1/auth/preferences',
    {
      config: { ...console_, idempotent: false, errors: ['validation_failed'] },
      schema: {
        operationId: 'setConsolePreferences',
        tags: ['auth'],
        summary: 'Keep your console preferences',
        description:
          "The signed-in member's own console language and time zone, both given (null: not chosen), kept for every organisation they belong to. " +
          'A language the console does not speak is 422 `validation_failed` with an `invalid_value` finding at `$.language`; a zone this service does not know, with an `unknown_time_zone` finding at `$.time_zone`. The answer is the session as GET /v1/auth/session shows it.',
        body: Type.Ref(MemberPreferencesSchema),
        response: { 200: Type.Ref(ConsoleSessionViewSchema) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const kept = await setMemberPreferences(runtime.services, session, request.body);
      const view = await describeConsoleSession(runtime.services, { ...session, preferences: { language: kept.language, timeZone: kept.time_zone } });
      return reply.header('cache-control', 'no-store').send(view);
    },
  );

  app.get<{ Querystring: ListConsoleSessionsQuery }>(
    '/v1/auth/sessions',
    {
      config: { ...console_, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listConsoleSessions',
        tags: ['auth'],
        summary: 'Your active console sessions',
        description: 'The console sessions of the signed-in user that still sign in, newest first, a page at a time (`limit`, `cursor`, `order`); `current` marks this one.',
        querystring: ListConsoleSessionsQuerySchema,
        response: { 200: Type.Ref(ConsoleSessionListSchema) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listConsoleSessions(runtime.services, lifetimes, sessionOf(request), request.query)),
  );

  const noContent = { 204: Type.Null({ description: 'Done; the session cookie is cleared.' }) };
  app.post(
    '/v1/auth/sign-out',
    {
      config: { ...beforeSecondFactor, idempotent: false, optionalBody: true },
      schema: { operationId: 'signOut', tags: ['auth'], summary: 'Sign out', description: 'Ends this console session and clears its cookie. No body.', response: noContent },
    },
    async (request, reply) => {
      await signOut(runtime.services, sessionOf(request), sourceOf(request));
      return setCookie(reply, '', 0).status(204).send();
    },
  );

  app.post(
    '/v1/auth/sign-out-everywhere',
    {
      config: { ...console_, idempotent: false, optionalBody: true },
      schema: { operationId: 'signOutEverywhere', tags: ['auth'], summary: 'Sign out everywhere', description: 'Ends every console session of the signed-in user, this one included, and clears this cookie. No body.', response: noContent },
    },
    async (request, reply) => {
      await signOutEverywhere(runtime.services, sessionOf(request), sourceOf(request));
      return setCookie(reply, '', 0).status(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/auth/sessions/:id',
    {
      config: { ...console_, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'endConsoleSession',
        tags: ['auth'],
        summary: 'End one of your console sessions',
        description: 'Ends the session (e.g. a browser left signed in elsewhere). Another user\'s session, or one already ended, is 404 `not_found`.',
        params: Type.Object({ id: IdString('console_session') }, { additionalProperties: false }),
        response: { 204: Type.Null({ description: 'The session has ended.' }) },
      },
    },
    async (request, reply) => {
      await endSession(runtime.services, sessionOf(request), request.params.id, sourceOf(request));
      return reply.status(204).send();
    },
  );
}
