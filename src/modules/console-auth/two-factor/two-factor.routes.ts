/**
 * The console's second factor (docs/console-auth.md, "Second factor"): the JSON
 * routes under /v1/auth/two-factor and the page /console/two-factor with its forms. The routes that
 * lead to the factor (status, enrol, confirm, verify, the page) serve a session that has not passed
 * it yet (`beforeSecondFactor`); the others are behind the gate of src/modules/console-auth/console-access.ts.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../../app-runtime.js';
import { isAppError, type ErrorCode } from '../../../core/errors.js';
import { rateLimiterOf } from '../../../core/rate-limiters.js';
import { consolePageContext, consoleFormScope, consoleSessionOf, formValue, sendConsolePage, type FormBody } from '../../console/console-page.routes.js';
import { spendRateBudget } from '../../../http/rate-limit-answer.js';
import { consoleTenantContext } from '../../../http/tenant-context.js';
import type { ActSource } from '../../../core/context.js';
import { confirmTwoFactor } from './confirm-two-factor.js';
import { describeTwoFactor } from './describe-two-factor.js';
import { enrolTwoFactor, pendingEnrolment } from './enrol-two-factor.js';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes.js';
import { renderTwoFactorPage, TWO_FACTOR_PAGE } from './render-two-factor-page.js';
import { resetTwoFactor } from './reset-two-factor.js';
import { verifyTwoFactor } from './verify-two-factor.js';
import { TWO_FACTOR_ATTEMPTS, TWO_FACTOR_WINDOW_S } from './two-factor-policy.js';
import { TWO_FACTOR_WORDS, type TwoFactorWords } from './two-factor-words.js';
import { RecoveryCodesSchema, TwoFactorCodeSchema, TwoFactorEnrolmentSchema, TwoFactorResetSchema, TwoFactorStatusSchema, type TwoFactorCode, type TwoFactorReset } from './two-factor.schema.js';

const json = { consoleOnly: true } as const;
const open = { consoleOnly: true, beforeSecondFactor: true } as const;
const page = { consoleOnly: true, page: true } as const;
const openPage = { ...page, beforeSecondFactor: true } as const;
const codeErrors: ErrorCode[] = ['two_factor_invalid', 'rate_limited'];
const DONE = ['enrolled', 'verified', 'reset', 'cancelled'] as const;

export async function twoFactorRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [TwoFactorCodeSchema, TwoFactorResetSchema, TwoFactorEnrolmentSchema, RecoveryCodesSchema, TwoFactorStatusSchema]) app.addSchema(schema);
  const limiter = rateLimiterOf(runtime.services.kv, { keyPrefix: 'rl:2fa:user', points: TWO_FACTOR_ATTEMPTS, durationS: TWO_FACTOR_WINDOW_S });
  /** Every code attempt of the user counts, wrong or right: 5 per 15 minutes. */
  const countAttempt = (request: FastifyRequest, reply: FastifyReply) =>
    spendRateBudget(reply, limiter, consoleSessionOf(request).userId, `second-factor codes per ${TWO_FACTOR_WINDOW_S} s for this user`, () => runtime.metrics.rateLimitRefused('two_factor'));
  const sourceOf = (request: FastifyRequest): ActSource => consoleTenantContext(runtime, request).source!;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const limits = `Code attempts (confirm, verify, reset) are limited to ${TWO_FACTOR_ATTEMPTS} per ${TWO_FACTOR_WINDOW_S / 60} minutes per user, right or wrong: past that, 429 \`rate_limited\` with \`Retry-After\`.`;
  const invalid = 'A wrong code, one outside the window of one 30-second step either side of now, one already used (a TOTP code of the last accepted step or earlier, a spent recovery code) are all the same 422 `two_factor_invalid`.';

  app.get(
    '/v1/auth/two-factor',
    {
      config: { access: open },
      schema: { operationId: 'getTwoFactor', tags: ['auth'], summary: 'Your second factor', description: 'Whether your second factor is off, pending or on, whether this session has passed it, and whether the organisation requires one.', response: { 200: Type.Ref(TwoFactorStatusSchema) } },
    },
    async (request, reply) => noStore(reply).send(await describeTwoFactor(runtime.services, consoleSessionOf(request))),
  );

  app.post(
    '/v1/auth/two-factor/enrol',
    {
      config: { access: open, idempotent: false, optionalBody: true, errors: ['conflict'] },
      schema: {
        operationId: 'enrolTwoFactor',
        tags: ['auth'],
        summary: 'Start setting up your second factor',
        description:
          'A new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 seconds) as base32 text, as an `otpauth://` URI and as a QR code of it. It is pending until confirmed with a first code; enrolling again replaces a pending secret. ' +
          'With the factor already on: 409 `conflict` (reset it first). No body.',
        response: { 200: Type.Ref(TwoFactorEnrolmentSchema) },
      },
    },
    async (request, reply) => noStore(reply).send(await enrolTwoFactor(runtime.services, consoleSessionOf(request))),
  );

  app.post<{ Body: TwoFactorCode }>(
    '/v1/auth/two-factor/confirm',
    {
      config: { access: open, idempotent: false, errors: ['conflict', ...codeErrors] },
      schema: {
        operationId: 'confirmTwoFactor',
        tags: ['auth'],
        summary: 'Turn your second factor on',
        description: `Confirms the pending secret with the code the app shows, turns the factor on, marks this session as having passed it, and answers ten recovery codes, shown this once. Without a pending enrolment: 409 \`conflict\`. ${invalid} ${limits}`,
        body: Type.Ref(TwoFactorCodeSchema),
        response: { 200: Type.Ref(RecoveryCodesSchema) },
      },
    },
    async (request, reply) => {
      await countAttempt(request, reply);
      return noStore(reply).send(await confirmTwoFactor(runtime.services, consoleSessionOf(request), request.body.code, sourceOf(request)));
    },
  );

  app.post<{ Body: TwoFactorCode }>(
    '/v1/auth/two-factor/verify',
    {
      config: { access: open, idempotent: false, errors: ['conflict', ...codeErrors] },
      schema: {
        operationId: 'verifyTwoFactor',
        tags: ['auth'],
        summary: 'Pass your second factor',
        description: `After sign-in, a user whose factor is on passes it here (a TOTP code, or a recovery code, which is then spent) before any other console route answers. Without an active factor: 409 \`conflict\`. ${invalid} ${limits}`,
        body: Type.Ref(TwoFactorCodeSchema),
        response: { 200: Type.Ref(TwoFactorStatusSchema) },
      },
    },
    async (request, reply) => {
      await countAttempt(request, reply);
      const session = consoleSessionOf(request);
      await verifyTwoFactor(runtime.services, session, request.body.code, sourceOf(request));
      return noStore(reply).send(await describeTwoFactor(runtime.services, session));
    },
  );

  app.delete<{ Body: TwoFactorReset | undefined }>(
    '/v1/auth/two-factor',
    {
      config: { access: json, optionalBody: true, errors: ['not_found', ...codeErrors] },
      schema: {
        operationId: 'resetTwoFactor',
        tags: ['auth'],
        summary: 'Turn your second factor off',
        description:
          'Removes your factor and its recovery codes, after which every session of yours must pass the next one anew. An active factor needs a fresh `code` of it in the body, besides a session that has passed it: a browser left signed in cannot take the factor off. ' +
          `A pending enrolment is dropped without one. No factor at all: 404 \`not_found\`. ${invalid} ${limits}`,
        body: Type.Ref(TwoFactorResetSchema),
        response: { 204: Type.Null({ description: 'The factor is off.' }) },
      },
    },
    async (request, reply) => {
      await countAttempt(request, reply);
      await resetTwoFactor(runtime.services, consoleSessionOf(request), request.body?.code, sourceOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/auth/two-factor/recovery-codes',
    {
      config: { access: json, idempotent: false, optionalBody: true, errors: ['conflict'] },
      schema: {
        operationId: 'regenerateRecoveryCodes',
        tags: ['auth'],
        summary: 'New recovery codes',
        description: 'Ten new recovery codes, shown this once; the old ones, used or not, stop working. Without an active factor: 409 `conflict`. No body.',
        response: { 200: Type.Ref(RecoveryCodesSchema) },
      },
    },
    async (request, reply) => noStore(reply).send(await regenerateRecoveryCodes(runtime.services, consoleSessionOf(request), sourceOf(request))),
  );

  await twoFactorPages(app, runtime, countAttempt, sourceOf);
}

type PageOutcome = { redirect: keyof TwoFactorWords['done'] | 'page' | 'console' } | { recoveryCodes: string[] };

/** The page and its forms: each form's outcome is a page with a notice, fresh recovery codes, or a redirect. */
async function twoFactorPages(
  app: FastifyInstance,
  runtime: AppRuntime,
  countAttempt: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
  sourceOf: (request: FastifyRequest) => ActSource,
): Promise<void> {
  const langQuery = (request: FastifyRequest) => {
    const lang = (request.query as { lang?: unknown }).lang;
    return typeof lang === 'string' && /^[a-z]{2}$/.test(lang) ? `?lang=${lang}` : '';
  };

  type Notice = (w: TwoFactorWords) => { text: string; error?: boolean };
  async function show(request: FastifyRequest, reply: FastifyReply, extra: { recoveryCodes?: string[]; notice?: Notice; status?: number } = {}) {
    const context = await consolePageContext(runtime, request);
    const status = await describeTwoFactor(runtime.services, context.session);
    const enrolment = status.state === 'pending' ? await pendingEnrolment(runtime.services, context.session) : undefined;
    const notice = extra.notice?.(TWO_FACTOR_WORDS[context.language]);
    const html = renderTwoFactorPage({ language: context.language, view: context.view, status, enrolment, recoveryCodes: extra.recoveryCodes, notice, query: langQuery(request) });
    return sendConsolePage(reply, html, extra.status);
  }

  app.get<{ Querystring: { lang?: string; done?: string } }>(TWO_FACTOR_PAGE, { config: { access: openPage }, schema: { hide: true } }, async (request, reply) => {
    const done = DONE.find((d) => d === request.query.done);
    return show(request, reply, { notice: done && ((w) => ({ text: w.done[done] })) });
  });

  await consoleFormScope(app, (scope) => {
    const act = (path: string, access: typeof page | typeof openPage, counted: boolean, run: (request: FastifyRequest, code: string | undefined) => Promise<PageOutcome>) =>
      scope.post<{ Body: FormBody | undefined }>(`${TWO_FACTOR_PAGE}/${path}`, { config: { access, idempotent: false, optionalBody: true }, schema: { hide: true } }, async (request, reply) => {
        let outcome: PageOutcome;
        try {
          if (counted) await countAttempt(request, reply);
          outcome = await run(request, request.body ? formValue(request.body, 'code') : undefined);
        } catch (error) {
          return refusal(request, reply, error);
        }
        if ('recoveryCodes' in outcome) return show(request, reply, { recoveryCodes: outcome.recoveryCodes });
        const query = langQuery(request);
        const to = outcome.redirect === 'console' ? '/console' : outcome.redirect === 'page' ? `${TWO_FACTOR_PAGE}${query}` : `${TWO_FACTOR_PAGE}?done=${outcome.redirect}${query.replace('?', '&')}`;
        return reply.redirect(to, 303);
      });

    /** A code that does not pass, or too many tries: the page again, with the notice; a stale form: the page as it is now. */
    async function refusal(request: FastifyRequest, reply: FastifyReply, error: unknown) {
      if (!isAppError(error)) throw error;
      if (error.code === 'conflict' || error.code === 'not_found') return reply.redirect(`${TWO_FACTOR_PAGE}${langQuery(request)}`, 303);
      if (error.code !== 'two_factor_invalid' && error.code !== 'rate_limited') throw error;
      const minutes = String(Math.ceil(Number(error.headers['retry-after'] ?? 60) / 60));
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return show(request, reply, { notice: (w) => ({ text: error.code === 'rate_limited' ? w.tooMany.replace('{minutes}', minutes) : w.invalid, error: true }), status: error.status });
    }

    const services = runtime.services;
    act('enrol', openPage, false, async (request) => {
      await enrolTwoFactor(services, consoleSessionOf(request));
      return { redirect: 'page' };
    });
    act('confirm', openPage, true, async (request, code) => confirmTwoFactor(services, consoleSessionOf(request), code ?? '', sourceOf(request)).then((r) => ({ recoveryCodes: r.recovery_codes })));
    act('verify', openPage, true, async (request, code) => {
      await verifyTwoFactor(services, consoleSessionOf(request), code ?? '', sourceOf(request));
      return { redirect: 'console' };
    });
    act('reset', page, true, async (request, code) => {
      const before = await describeTwoFactor(services, consoleSessionOf(request));
      await resetTwoFactor(services, consoleSessionOf(request), code, sourceOf(request));
      return { redirect: before.state === 'on' ? 'reset' : 'cancelled' };
    });
    act('recovery-codes', page, false, async (request) => regenerateRecoveryCodes(services, consoleSessionOf(request), sourceOf(request)).then((r) => ({ recoveryCodes: r.recovery_codes })));
  });
}
