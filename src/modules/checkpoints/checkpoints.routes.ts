/**
 * Signed checkpoints of the hash chains (docs/audit-log.md, Checkpoints): made on demand, listed,
 * read, and the key that signs them. Scope `audit-log:read`, or a console session, as the audit log.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { AUDIT_LOG_ACCESS } from '../audit-log/audit-log.routes.js';
import { createCheckpoint, MAX_CHECKPOINT_SHIPMENTS } from './create-checkpoint.js';
import { getCheckpoint } from './get-checkpoint.js';
import { getCheckpointKey } from './get-checkpoint-key.js';
import { listCheckpoints } from './list-checkpoints.js';
import { CheckpointKeySchema, CheckpointPageSchema, CheckpointParamsSchema, CheckpointSchema, ListCheckpointsQuerySchema, type ListCheckpointsQuery } from './checkpoints.schema.js';

export const CHECKPOINT_PATHS = { collection: '/v1/audit-log/checkpoints', key: '/v1/audit-log/checkpoints/key', one: '/v1/audit-log/checkpoints/:id' } as const;

const checkpoint = (description: string) => Type.Ref(CheckpointSchema, { description });

export async function checkpointRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [CheckpointSchema, CheckpointPageSchema, CheckpointKeySchema]) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.post(
    CHECKPOINT_PATHS.collection,
    {
      config: { access: AUDIT_LOG_ACCESS, optionalBody: true, errors: [] },
      schema: {
        operationId: 'createCheckpoint',
        tags: ['audit-log'],
        summary: 'Seal the heads of the audit chain and of the changed shipment chains now',
        description:
          "Makes a checkpoint of this organisation and mode now, as the schedule does every CHECKPOINT_INTERVAL_MINUTES: the head of the audit chain and of each shipment chain that changed since the last checkpoint, signed with the service's seal key, and sends it as `audit.checkpoint_created`. " +
          `A checkpoint seals at most ${MAX_CHECKPOINT_SHIPMENTS} shipment heads: when more moved, several are made at once, each naming the one before. ` +
          'Answers 201 with the new checkpoint (the last one, when several were made), or 200 with the latest one when no chain moved since it. No body.',
        response: { 201: checkpoint('The checkpoint made.'), 200: checkpoint('Nothing changed since this, the latest checkpoint.') },
      },
    },
    async (request, reply) => {
      const c = ctx(request);
      const outcome = await createCheckpoint(c, c);
      return reply.status(outcome.created ? 201 : 200).send(outcome.checkpoint);
    },
  );

  app.get<{ Querystring: ListCheckpointsQuery }>(
    CHECKPOINT_PATHS.collection,
    {
      config: { access: AUDIT_LOG_ACCESS, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listCheckpoints',
        tags: ['audit-log'],
        summary: 'Signed checkpoints of this organisation and mode, newest first',
        description: 'Every checkpoint made, as delivered: keep them, and pass them back to `POST /v1/audit-log/integrity` or `verify.mjs --checkpoints`.',
        querystring: ListCheckpointsQuerySchema,
        response: { 200: Type.Ref(CheckpointPageSchema, { description: 'A page of checkpoints.' }) },
      },
    },
    async (request) => listCheckpoints(ctx(request), request.query),
  );

  app.get(
    CHECKPOINT_PATHS.key,
    {
      config: { access: AUDIT_LOG_ACCESS, errors: [] },
      schema: {
        operationId: 'getCheckpointKey',
        tags: ['audit-log'],
        summary: 'The key that signs checkpoints',
        description: "The seal certificate (the one that seals the PDFs) and its public key: verify a checkpoint's signature offline with it (docs/audit-log.md).",
        response: { 200: Type.Ref(CheckpointKeySchema, { description: 'The key.' }) },
      },
    },
    async () => getCheckpointKey(runtime.services),
  );

  app.get<{ Params: { id: string } }>(
    CHECKPOINT_PATHS.one,
    {
      config: { access: AUDIT_LOG_ACCESS, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'getCheckpoint',
        tags: ['audit-log'],
        summary: 'One checkpoint',
        params: CheckpointParamsSchema,
        response: { 200: checkpoint('The checkpoint, as delivered.') },
      },
    },
    async (request) => getCheckpoint(ctx(request), request.params.id),
  );
}
