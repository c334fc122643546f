/** GET /v1/sign/{token}/copy: what a used sign link still opens (docs/signatures.md, "The signer's copy"). */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { SignTokenParamsSchema } from '../signatures/signature-request.schema.js';
import { getSignerCopy } from './get-signer-copy.js';
import { SignerCopySchema } from './signer-copy.schema.js';

export async function signerCopyRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(SignerCopySchema);
  app.get<{ Params: { token: string } }>(
    '/v1/sign/:token/copy',
    {
      config: { access: { public: true }, errors: ['not_found', 'token_revoked', 'token_rotated', 'invalid_state', 'token_expired', 'pdf_render_failed'] },
      schema: {
        operationId: 'getSignerCopy',
        tags: ['sign'],
        summary: 'The signer\'s copy behind a used sign link',
        description:
          'Once a sign link has been used, it opens the signer\'s copy for SIGNER_COPY_DAYS (default 30) after the signature: the sealed consignment-note version that signature made and, for the consignee, the sealed proof of delivery, each as a signed download link valid 15 minutes (ask again for fresh ones). ' +
          'Only that version, of that shipment: a later version or another party\'s signature is never reachable through it. ' +
          'A link not used yet: 409 `invalid_state`. After the copy period: 410 `token_expired`. Withdrawn or replaced links: 410 `token_revoked` / `token_rotated`.',
        params: SignTokenParamsSchema,
        response: { 200: Type.Ref(SignerCopySchema, { description: 'The copy.' }) },
      },
    },
    async (request) => getSignerCopy(runtime.services, request.params.token, request.id, runtime.config.signerCopy.days),
  );
}
