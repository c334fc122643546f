/** The sign endpoints (service description, sign area): scoped by the link's token in the path, no API key. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { SignatureSchema } from './signature.schema.js';
import { SignContextSchema, SignTokenParamsSchema, SubmitSignatureSchema, type SubmitSignatureBody } from './signature-request.schema.js';
import { signContext } from './sign-context.js';
import { submitSignature } from './submit-signature.js';

type ByToken = { Params: { token: string } };
const tokenErrors = ['not_found', 'token_expired', 'token_revoked', 'token_rotated', 'already_signed'] as const;

export async function signRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(SignContextSchema);
  app.addSchema(SubmitSignatureSchema);

  app.get<ByToken>(
    '/v1/sign/:token',
    {
      config: { access: { public: true }, errors: [...tokenErrors] },
      schema: {
        operationId: 'getSignContext',
        tags: ['sign'],
        summary: 'Context of a sign link',
        description: 'What to show the signer: the shipment in brief, the current consignment-note version (with a download link of its PDF), the role, level and language. A used link is 409 `already_signed`; a withdrawn, replaced or expired one 410.',
        params: SignTokenParamsSchema,
        response: { 200: Type.Ref(SignContextSchema, { description: 'The context.' }) },
      },
    },
    async (request) => signContext(runtime.services, request.params.token, request.id),
  );

  app.post<ByToken & { Body: SubmitSignatureBody }>(
    '/v1/sign/:token/submit',
    {
      config: { access: { public: true }, errors: [...tokenErrors, 'conflict', 'invalid_state', 'shipment_immutable', 'pdf_render_failed'] },
      schema: {
        operationId: 'submitSignature',
        tags: ['sign'],
        summary: 'Submit a signature',
        description:
          'Signs the version named by `document_id` and `document_sha256`; if a newer version exists by now, 409 `conflict`: show the new one. ' +
          'Checks run in this order: the token, the one-time password and identification when the link requires them, the document version.',
        params: SignTokenParamsSchema,
        body: Type.Ref(SubmitSignatureSchema),
        response: { 201: Type.Ref(SignatureSchema, { description: 'The signature.' }) },
      },
    },
    async (request, reply) => {
      const signature = await submitSignature(
        runtime.services,
        request.params.token,
        request.body,
        { ip: request.ip, user_agent: request.headers['user-agent'] ?? null, requestId: request.id },
        negotiateLanguage(request.headers['accept-language']),
      );
      return reply.status(201).send(signature);
    },
  );
}
