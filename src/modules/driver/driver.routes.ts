/**
 * Driver area (docs/driver.md): sign-in by one-time password, the
 * driver session (bearer token or `fds_driver` cookie), the driver's tours, and the actions, each
 * the organisation API's own use case; and the organisation's list and revocation of sessions.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { driverRequest } from './driver-access.js';
import { keptResponse, noHeaders } from '../../http/idempotency.js';
import type { HandoffLink } from '../signatures/hand-off.js';
import type { SignatureView } from '../signatures/signature-view.js';
import { countInWindow } from '../../http/rate-limit-answer.js';
import { tenantContext } from '../../http/tenant-context.js';
import { signOutDriver } from './authenticate-driver-session.js';
import { DRIVER_COOKIE, DRIVER_SESSION_MS, SIGN_IN_PER_ADDRESS, SIGN_IN_PER_PHONE, SIGN_IN_WINDOW_S, phoneHash } from './driver-policy.js';
import {
  DriverCompleteStopSchema,
  DriverHandoffAnswerSchema,
  DriverHandoffSchema,
  DriverRemarkSchema,
  DriverSessionCreatedSchema,
  DriverSessionInfoSchema,
  DriverSessionInputSchema,
  DriverSessionPageSchema,
  DriverSessionParamsSchema,
  DriverSessionSchema,
  DriverShipmentParamsSchema,
  DriverSignatureSchema,
  DriverSignInAnswerSchema,
  DriverSignInSchema,
  DriverStopParamsSchema,
  DriverStopSchema,
  DriverTourListSchema,
  DriverTourParamsSchema,
  DriverTourSchema,
  ListDriverSessionsQuerySchema,
  ListDriverToursQuerySchema,
  type DriverCompleteStopBody,
  type DriverHandoffBody,
  type DriverRemarkBody,
  type DriverSessionInput,
  type DriverSignatureBody,
  type DriverSignIn,
  type ListDriverSessionsQuery,
  type ListDriverToursQuery,
} from './driver.schema.js';
import { completeDriverStop, getDriverTour, listDriverTours } from './driver-tours.js';
import { driverPhotoRoutes } from './driver-photo.routes.js';
import { handOffFromDriver } from './hand-off-from-driver.js';
import { makeDriverRemark } from './make-driver-remark.js';
import { listDriverSessions, revokeDriverSession } from './manage-driver-sessions.js';
import { openDriverSession } from './open-driver-session.js';
import { SANDBOX_DRIVER_SESSIONS_PATH, sandboxDriverSessionRoutes, sourceOf } from './sandbox-driver-session.routes.js';
import { requestSignInCode } from './request-sign-in-code.js';
import { recordDriverSignature } from './record-driver-signature.js';
import { REMARK_WITH_PHOTOS_BODY_LIMIT } from '../remarks/remark-photo-uploads.js';

export const DRIVER_PATHS = {
  signIn: '/v1/driver/sign-in',
  sessions: '/v1/driver/sessions',
  session: '/v1/driver/session',
  tours: '/v1/driver/tours',
  tour: '/v1/driver/tours/:id',
  completeStop: '/v1/driver/tours/:id/stops/:position/complete',
  signatures: '/v1/driver/shipments/:id/signatures',
  handoffs: '/v1/driver/shipments/:id/handoffs',
  remarks: '/v1/driver/shipments/:id/remarks',
  orgSessions: '/v1/driver-sessions',
  sandboxSessions: SANDBOX_DRIVER_SESSIONS_PATH,
  revoke: '/v1/driver-sessions/:id/revoke',
} as const;

const driver = { access: { public: true, driver: true } };
const tags = ['driver'];
const ACTION =
  'Accepts `Idempotency-Key` (scoped by the driver\'s phone: a queued action sent again, even after a new sign-in, gets its first answer) and `captured_at` (docs/driver.md). ' +
  'A shipment or tour the session does not see is `not_found`.';

type ById = { Params: { id: string } };

export async function driverRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [DriverSignInSchema, DriverSignInAnswerSchema, DriverSessionInputSchema, DriverSessionCreatedSchema, DriverSessionInfoSchema, DriverStopSchema, DriverTourSchema, DriverTourListSchema, DriverSignatureSchema, DriverHandoffSchema, DriverHandoffAnswerSchema, DriverRemarkSchema, DriverCompleteStopSchema, DriverSessionSchema, DriverSessionPageSchema]) {
    app.addSchema(schema);
  }
  await sandboxDriverSessionRoutes(app, runtime);
  await driverPhotoRoutes(app, runtime);
  const services = runtime.services;
  const language = (request: FastifyRequest) => negotiateLanguage(request.headers['accept-language']);
  const setCookie = (reply: FastifyReply, value: string, maxAgeS: number) =>
    reply.header('set-cookie', [`${DRIVER_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeS}`, ...(runtime.config.console.secureCookie ? ['Secure'] : [])].join('; '));

  app.post<{ Body: DriverSignIn }>(
    DRIVER_PATHS.signIn,
    {
      config: { access: { public: true }, idempotent: false, errors: ['rate_limited'] },
      schema: {
        operationId: 'driverSignIn',
        tags,
        summary: 'Send a driver sign-in code by SMS',
        description:
          'Sends a six-digit code (10 minutes) to the phone when it drives a planned or running tour; the answer is the same when it does not. ' +
          `At most ${SIGN_IN_PER_PHONE} per phone and ${SIGN_IN_PER_ADDRESS} per client address per ${SIGN_IN_WINDOW_S / 60} minutes, else 429 \`rate_limited\` with Retry-After.`,
        body: Type.Ref(DriverSignInSchema),
        response: { 202: Type.Ref(DriverSignInAnswerSchema, { description: 'The same for every phone.' }) },
      },
    },
    async (request, reply) => {
      const [limiter, windowS] = ['driver_sign_in' as const, SIGN_IN_WINDOW_S];
      await countInWindow(runtime, reply, { limiter, windowS, prefix: 'rl:driver-sign-in:ip', key: request.ip, limit: SIGN_IN_PER_ADDRESS, over: `driver sign-ins per ${windowS} s from this address` });
      await countInWindow(runtime, reply, { limiter, windowS, prefix: 'rl:driver-sign-in:phone', key: phoneHash(services.secrets.urls, request.body.phone), limit: SIGN_IN_PER_PHONE, over: `driver sign-ins per ${windowS} s for this phone` });
      return reply.status(202).header('cache-control', 'no-store').send(await requestSignInCode(services, request.body.phone, request.id));
    },
  );

  app.post<{ Body: DriverSessionInput }>(
    DRIVER_PATHS.sessions,
    {
      config: { access: { public: true }, idempotent: false, errors: ['otp_invalid', 'otp_locked'] },
      schema: {
        operationId: 'createDriverSession',
        tags,
        summary: 'Sign in as a driver with the SMS code',
        description:
          'Opens a driver session of exactly 12 hours over the work assigned to the phone, and sets the `fds_driver` cookie (HttpOnly, SameSite=Strict, Secure outside development). ' +
          'A wrong, expired or used code is 422 `otp_invalid`; the fifth wrong code within 10 minutes locks the phone until that window ends (429 `otp_locked`, Retry-After). ' +
          'Only the code of the SMS works, in the sandbox too (no fixed code); for a sandbox session without the SMS, see `POST /v1/test/driver-sessions`.',
        body: Type.Ref(DriverSessionInputSchema),
        response: { 201: Type.Ref(DriverSessionCreatedSchema, { description: 'The session; the token is shown this once.' }) },
      },
    },
    async (request, reply) => {
      const opened = await openDriverSession(services, request.body, sourceOf(request));
      return setCookie(reply, opened.token, DRIVER_SESSION_MS / 1000).header('cache-control', 'no-store').status(201).send(opened);
    },
  );

  app.get(
    DRIVER_PATHS.session,
    {
      config: driver,
      schema: { operationId: 'getDriverSession', tags, summary: 'The driver session', response: { 200: Type.Ref(DriverSessionInfoSchema, { description: 'The session and the organisations whose work it sees.' }) } },
    },
    async (request) => {
      const session = driverRequest(request).session;
      const names = await services.db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', session.grants.map((g) => g.organizationId)).execute();
      return {
        id: session.id,
        phone: session.phone,
        created_at: session.createdAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
        organizations: session.grants.map((g) => ({ organization_id: g.organizationId, name: names.find((n) => n.id === g.organizationId)?.name ?? null, mode: g.mode })),
      };
    },
  );

  app.delete(
    DRIVER_PATHS.session,
    {
      config: driver,
      schema: { operationId: 'signOutDriver', tags, summary: 'Sign out (driver)', description: 'Ends the session and clears the cookie.', response: { 204: Type.Null({ description: 'Signed out.' }) } },
    },
    async (request, reply) => {
      await signOutDriver(services, driverRequest(request).session);
      return setCookie(reply, '', 0).status(204).send();
    },
  );

  app.get<{ Querystring: ListDriverToursQuery }>(
    DRIVER_PATHS.tours,
    {
      config: { ...driver, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listDriverTours',
        tags,
        summary: "The driver's tours of today and the coming days",
        description:
          'Tours whose date (UTC) is today or later and that are not cancelled, and earlier ones still planned or running; by date, soonest first. ' +
          'A page at a time like every list (`limit`, 50 by default, `cursor`, `order`); a cursor works for the session that got it only.',
        querystring: ListDriverToursQuerySchema,
        response: { 200: Type.Ref(DriverTourListSchema, { description: 'A page of tours, stops in driving order.' }) },
      },
    },
    async (request) => listDriverTours(services, driverRequest(request), request.query),
  );

  app.get<ById>(
    DRIVER_PATHS.tour,
    {
      config: { ...driver, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getDriverTour', tags, summary: 'One tour of the driver', params: DriverTourParamsSchema, response: { 200: Type.Ref(DriverTourSchema, { description: 'The tour.' }) } },
    },
    async (request) => getDriverTour(services, driverRequest(request), request.params.id),
  );

  app.post<{ Params: { id: string; position: number }; Body: DriverCompleteStopBody }>(
    DRIVER_PATHS.completeStop,
    {
      config: { ...driver, errors: ['invalid_id', 'not_found', 'invalid_state', 'invalid_transition', 'signatures_missing', 'goods_stopped', 'shipment_immutable', 'pdf_render_failed', 'conflict'] },
      schema: {
        operationId: 'completeDriverStop',
        tags,
        summary: 'Mark a stop done or skipped (driver)',
        description: `The tours API's use case: the first stop through starts the tour, the last completes it; \`done\` needs the stop's signatures or \`missing_signatures\` (else 409 \`signatures_missing\`; at a takeover only the signature); a delivery of goods stopped by an accepted disposal instruction is 409 \`goods_stopped\`. ${ACTION}`,
        params: DriverStopParamsSchema,
        body: Type.Ref(DriverCompleteStopSchema),
        response: { 200: Type.Ref(DriverTourSchema, { description: 'The tour after the change.' }) },
      },
    },
    async (request) => completeDriverStop(services, driverRequest(request), request.params.id, request.params.position, request.body),
  );

  app.post<ById & { Body: DriverSignatureBody }>(
    DRIVER_PATHS.signatures,
    {
      config: { ...driver, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_state', 'invalid_transition', 'shipment_immutable', 'already_signed', 'goods_stopped', 'conflict', 'pdf_render_failed'] },
      schema: {
        operationId: 'recordDriverSignature',
        tags,
        summary: "Sign on the driver's phone (driver)",
        description:
          "The carrier's signature at pickup (`role` `carrier`, the default), or the consignor's or consignee's on the handed-over phone, at level `platform_auth`, " +
          `through the same use case as \`POST /v1/shipments/{id}/signatures\`; the evidence keeps \`captured_at\`. ` +
          "`successive_carrier`: the successive carrier's driver signs the takeover at a takeover stop of its tour (the stop names the carrier of box 17), with `place` or `location` (else 422); `shipment.taken_over` follows. " +
          'Another driver of the shipment is 409 `conflict`; before the pickup 409 `invalid_state`; a second time 409 `already_signed`. The consignee of goods stopped by an accepted disposal instruction is 409 `goods_stopped`. ' +
          ACTION,
        params: DriverShipmentParamsSchema,
        body: Type.Ref(DriverSignatureSchema),
        response: { 201: Type.Ref('Signature', { description: 'The signature.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<SignatureView>(runtime, request, reply, 201, noHeaders);
      return response.send(() => recordDriverSignature(services, driverRequest(request), request.params.id, request.body, language(request), response.alsoWrite));
    },
  );

  app.post<ById & { Body: DriverHandoffBody }>(
    DRIVER_PATHS.handoffs,
    {
      config: { ...driver, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_state', 'shipment_immutable', 'already_signed', 'goods_stopped', 'conflict'] },
      schema: {
        operationId: 'driverHandOff',
        tags,
        summary: 'Hand the phone to the consignor or consignee (driver)',
        description: `A handoff sign link for the role (15 minutes), to open at once on the phone; it replaces a pending link of the role. The role is the party of the stop the driver is at (the shipment's first pending stop in the tour): the consignor at a pickup, the consignee at a delivery; the other, or a takeover stop, is 409 \`conflict\`; the consignee of stopped goods 409 \`goods_stopped\`. ${ACTION}`,
        params: DriverShipmentParamsSchema,
        body: Type.Ref(DriverHandoffSchema),
        response: { 201: Type.Ref(DriverHandoffAnswerSchema, { description: 'The link.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<HandoffLink>(runtime, request, reply, 201, noHeaders);
      return response.send(() => handOffFromDriver(services, driverRequest(request), request.params.id, request.body, response.alsoWrite));
    },
  );

  app.post<ById & { Body: DriverRemarkBody }>(
    DRIVER_PATHS.remarks,
    {
      bodyLimit: REMARK_WITH_PHOTOS_BODY_LIMIT,
      config: { ...driver, errors: ['invalid_id', 'not_found', 'invalid_state', 'shipment_immutable', 'pdf_render_failed', 'conflict'] },
      schema: {
        operationId: 'makeDriverRemark',
        tags,
        summary: 'Make a remark with photos (driver)',
        description:
          'Stores each photo as a document of kind `photo` (content sniffed: not an image is 415 `unsupported_media_type`), then makes the remark naming them, through the remarks API\'s use case. ' +
          'Phase `takeover`: the reservations of the successive carrier whose takeover stop is on the driver\'s tour, before its driver signs (after: 409 `invalid_state`; another driver: 409 `conflict`). ' +
          ACTION,
        params: DriverShipmentParamsSchema,
        body: Type.Ref(DriverRemarkSchema),
        response: { 201: Type.Ref('Remark', { description: 'The remark.' }) },
      },
    },
    async (request, reply) => reply.status(201).send(await makeDriverRemark(services, driverRequest(request), request.params.id, request.body, language(request))),
  );

  app.get<{ Querystring: ListDriverSessionsQuery }>(
    DRIVER_PATHS.orgSessions,
    {
      config: { access: { scope: 'tours:read' }, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listDriverSessions',
        tags,
        summary: 'List the driver sessions that see your work',
        description: 'Sessions holding a grant of this organisation and mode, newest first; `status` is this organisation\'s view (`revoked` when it revoked its grant).',
        querystring: ListDriverSessionsQuerySchema,
        response: { 200: Type.Ref(DriverSessionPageSchema, { description: 'A page of driver sessions.' }) },
      },
    },
    async (request) => listDriverSessions(tenantContext(runtime, request), request.query),
  );

  app.post<ById>(
    DRIVER_PATHS.revoke,
    {
      config: { access: { scope: 'tours:write' }, optionalBody: true, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'revokeDriverSession',
        tags,
        summary: 'Revoke a driver session for your organisation',
        description: 'The session no longer sees this organisation\'s work in this mode; what other organisations granted it stays. Revoking again changes nothing. No body.',
        params: DriverSessionParamsSchema,
        response: { 200: Type.Ref(DriverSessionSchema, { description: 'The session, as listed.' }) },
      },
    },
    async (request) => revokeDriverSession(tenantContext(runtime, request), request.params.id),
  );
}
