/** The sign endpoints (service description, sign area): scoped by the link's token in the path, no API key. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { keptResponse, noHeaders } from '../../http/idempotency.js';
import { signLinkOf } from './sign-link-access.js';
import type { SignatureView } from './signature-view.js';
import { SignatureSchema } from './signature.schema.js';
import { HandoffSchema, IdentificationSchema, IdentifySignerSchema, OtpSentSchema, OtpVerifiedSchema, SignContextSchema, SignTokenParamsSchema, SubmitSignatureSchema, VerifyOtpSchema, type IdentifySignerBody, type SubmitSignatureBody, type VerifyOtp } from './signature-request.schema.js';
import { sendOneTimePassword, verifyOneTimePassword } from './one-time-passwords.js';
import { handOff, type HandoffLink } from './hand-off.js';
import { signContext } from './sign-context.js';
import { submitSignature } from './submit-signature.js';
import { identifySigner } from './identify-signer.js';
import { sendSignerCopy } from '../signer-copies/send-signer-copy.js';

type ByToken = { Params: { token: string } };
const tokenErrors = ['not_found', 'token_expired', 'token_revoked', 'token_rotated', 'already_signed'] as const;

export async function signRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [SignContextSchema, SubmitSignatureSchema, VerifyOtpSchema, OtpSentSchema, OtpVerifiedSchema, HandoffSchema, IdentifySignerSchema, IdentificationSchema]) app.addSchema(schema);

  app.get<ByToken>(
    '/v1/sign/:token',
    {
      config: { access: { public: true }, errors: [...tokenErrors] },
      schema: {
        operationId: 'getSignContext',
        tags: ['sign'],
        summary: 'Context of a sign link',
        description:
          'What to show the signer: the shipment in brief, the current consignment-note version (with a download link of its PDF), the role, level and language, and whether an identification is required (`ades`, `qes`). ' +
          'A used link is 409 `already_signed` (its signer\'s copy: `GET /v1/sign/{token}/copy`); a withdrawn, replaced or expired one 410.',
        params: SignTokenParamsSchema,
        response: { 200: Type.Ref(SignContextSchema, { description: 'The context.' }) },
      },
    },
    async (request) => signContext(runtime.services, request.params.token, request.id),
  );

  app.post<ByToken & { Body: SubmitSignatureBody }>(
    '/v1/sign/:token/submit',
    {
      config: {
        access: { public: true, signLink: 'pending' },
        idempotent: 'in-transaction',
        errors: [...tokenErrors, 'otp_invalid', 'identification_required', 'identification_invalid', 'conflict', 'invalid_state', 'invalid_transition', 'shipment_immutable', 'qtsp_unavailable', 'pdf_render_failed'],
      },
      schema: {
        operationId: 'submitSignature',
        tags: ['sign'],
        summary: 'Submit a signature',
        description:
          'Signs the version named by `document_id` and `document_sha256`; if a newer version exists by now, 409 `conflict`: show the new one. ' +
          'Checks run in this order: the token (before the body, as on every sign route: a link that cannot be used answers its code whatever the body holds), the one-time password and identification when the link requires them, the document version. ' +
          'At `ades` and `qes` send `identification_token`: missing 422 `identification_required`; unknown, used, older than 15 minutes or for another link 422 `identification_invalid`. ' +
          'The trust service then signs the SHA-256 of the version shown (method `trust_service`, its signature in `evidence.trust_signature`); if it refuses or does not answer, 503 `qtsp_unavailable` and nothing is recorded. ' +
          'Once signed, the signer\'s copy is theirs: this link then opens it (`GET /v1/sign/{token}/copy`, the page at `/sign/{token}`) for SIGNER_COPY_DAYS, and a message with the link goes to the recipient of the link, or for a handed-off link to the party\'s contact e-mail or phone (template `signer_copy`).',
        params: SignTokenParamsSchema,
        body: Type.Ref(SubmitSignatureSchema),
        response: { 201: Type.Ref(SignatureSchema, { description: 'The signature.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<SignatureView>(runtime, request, reply, 201, noHeaders);
      return response.send(async () => {
        const link = signLinkOf(request);
        const signature = await submitSignature(link, request.body, { ip: request.ip, user_agent: request.headers['user-agent'] ?? null }, negotiateLanguage(request.headers['accept-language']), response.alsoWrite);
        // The signature stands whatever becomes of the message: a failure is the notification's (recorded `failed`) or the log's.
        await sendSignerCopy(link, request.params.token, signature, runtime.config.signerCopy.days).catch((err: unknown) => request.log.error({ err }, 'signer copy not sent'));
        return signature;
      });
    },
  );

  app.post<ByToken & { Body: IdentifySignerBody }>(
    '/v1/sign/:token/identification',
    {
      config: { access: { public: true, signLink: 'pending' }, errors: [...tokenErrors, 'conflict', 'shipment_immutable', 'qtsp_unavailable', 'rate_limited'] },
      schema: {
        operationId: 'identifySigner',
        tags: ['sign'],
        summary: 'Identify at the trust service',
        description:
          'For a link at level `ades` or `qes`: identifies the signer at the trust service and answers an `identification_token` to send with the submit — once, within 15 minutes, for this link only. ' +
          'A delivered or cancelled shipment takes no signatures: 409 `shipment_immutable`, before any call to the trust service. A `platform_auth` link has nothing to identify: 409 `conflict`. Sandbox links use the trust service simulator, which identifies anyone except a signer born on 1900-01-01 (its refusal, to test with); ' +
          'live links use the configured provider. Refused, unreachable, or live without a provider: 503 `qtsp_unavailable`. ' +
          'At most 5 identifications per link in 15 minutes (a known name must not be tried with guessed birth dates): the sixth is 429 `rate_limited` with `Retry-After`.',
        params: SignTokenParamsSchema,
        body: Type.Ref(IdentifySignerSchema),
        response: { 201: Type.Ref(IdentificationSchema, { description: 'Identified.' }) },
      },
    },
    async (request, reply) => reply.status(201).send(await identifySigner(signLinkOf(request), request.body)),
  );

  app.post<ByToken>(
    '/v1/sign/:token/otp',
    {
      config: { access: { public: true, signLink: 'pending-or-used' }, errors: [...tokenErrors, 'shipment_immutable', 'otp_locked'] },
      schema: {
        operationId: 'sendSignOtp',
        tags: ['sign'],
        summary: 'Send a one-time password',
        description:
          'Sends a six-digit code, valid 10 minutes, to the link\'s recipient by the link\'s channel; a new code replaces the last. A delivered or cancelled shipment takes no signatures: 409 `shipment_immutable`, and no code is sent. While the recipient is locked: 429 `otp_locked` with `Retry-After`. ' +
          'A used link takes codes only when it is the sender\'s and asks for one: the code then confirms a disposal instruction (`POST /v1/sign/{token}/disposal-instructions`); any other used link is 409 `already_signed`.',
        params: SignTokenParamsSchema,
        response: { 202: Type.Ref(OtpSentSchema, { description: 'Sent.' }) },
      },
    },
    async (request, reply) => {
      const { request: link, ctx } = signLinkOf(request);
      return reply.status(202).send(await sendOneTimePassword(ctx, link));
    },
  );

  app.post<ByToken & { Body: VerifyOtp }>(
    '/v1/sign/:token/otp/verify',
    {
      config: { access: { public: true, signLink: 'pending-or-used' }, errors: [...tokenErrors, 'otp_invalid', 'otp_locked'] },
      schema: {
        operationId: 'verifySignOtp',
        tags: ['sign'],
        summary: 'Verify a one-time password',
        description:
          'A right code gives an `otp_verified_token` for one submit (on the sender\'s used link: for its disposal instructions). Wrong, expired or used: 422 `otp_invalid`. The fifth wrong code in a row (within 10 minutes) is still `otp_invalid` and locks the recipient ' +
          'until those 10 minutes end: every try meanwhile is 429 `otp_locked` with `Retry-After`. Sandbox links also accept `000000` (wrong codes still count).',
        params: SignTokenParamsSchema,
        body: Type.Ref(VerifyOtpSchema),
        response: { 200: Type.Ref(OtpVerifiedSchema, { description: 'Verified.' }) },
      },
    },
    async (request) => {
      const { request: link, ctx } = signLinkOf(request);
      return verifyOneTimePassword(ctx, link, request.body.code);
    },
  );

  app.post<ByToken>(
    '/v1/sign/:token/handoff',
    {
      config: { access: { public: true, signLink: 'pending-or-used' }, idempotent: 'in-transaction', errors: ['not_found', 'token_expired', 'token_revoked', 'token_rotated', 'conflict', 'invalid_state', 'already_signed', 'shipment_immutable'] },
      schema: {
        operationId: 'handOffSignLink',
        tags: ['sign'],
        summary: 'Hand the device to the consignee',
        description:
          'From the link of a signer at pickup (usually the driver; it works after they have signed, while it lasts): mints a sign link for the consignee, valid 15 minutes, to open on this device now. ' +
          'The new request and the consignee\'s signature name the link it came from (`handoff_from`). Needs the shipment `in_transit`. ' +
          'One consignee link is live at a time: the new one replaces a pending one (an earlier handoff\'s, or one sent by e-mail or SMS), which then answers 410 `token_rotated`.',
        params: SignTokenParamsSchema,
        response: { 201: Type.Ref(HandoffSchema, { description: 'The consignee\'s link.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<HandoffLink>(runtime, request, reply, 201, noHeaders);
      return response.send(() => handOff(signLinkOf(request), response.alsoWrite));
    },
  );
}
