/** Audit-log area: GET /v1/audit-log, GET and POST /v1/audit-log/integrity (scope `audit-log:read`, or a console session). */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { CheckIntegrityBodySchema, type CheckIntegrityBody } from '../checkpoints/checkpoints.schema.js';
import { AuditEventPageSchema, AuditEventSchema, AuditIntegritySchema, ListAuditLogQuerySchema, type ListAuditLogQuery } from './audit-log.schema.js';
import { checkAuditIntegrity } from './check-audit-integrity.js';
import { listAuditLog } from './list-audit-log.js';

export const AUDIT_LOG_PATHS = { list: '/v1/audit-log', integrity: '/v1/audit-log/integrity' } as const;

/** An API key with `audit-log:read`, or a signed-in console session (service description). */
export const AUDIT_LOG_ACCESS = { scope: 'audit-log:read', console: 'console:read' } as const;
const SESSION_NOTE =
  ' Also callable from a signed-in console session: no Authorization header, the `fds_session` cookie (any member role); it then reads the sandbox log of the session\'s current organisation, and an ended session is 401 `unauthorized`.';

export async function auditLogRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [AuditEventSchema, AuditEventPageSchema, AuditIntegritySchema, CheckIntegrityBodySchema]) app.addSchema(schema);

  app.get<{ Querystring: ListAuditLogQuery }>(
    AUDIT_LOG_PATHS.list,
    {
      config: { access: AUDIT_LOG_ACCESS, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listAuditLog',
        tags: ['audit-log'],
        summary: 'Administrative acts of this organisation and mode, newest first (two years)',
        description:
          'API keys created and revoked (also from the CLI), webhook endpoints created, updated, deleted and their secrets rotated, live clearance, invoicing profile changes. Filter by `action`, `actor`, `target` and creation time. Acts on live things and live clearance are in the live log.' + SESSION_NOTE,
        querystring: ListAuditLogQuerySchema,
        response: { 200: Type.Ref(AuditEventPageSchema, { description: 'A page of audit rows.' }) },
      },
    },
    async (request) => listAuditLog(tenantContext(runtime, request), request.query),
  );

  app.get(
    AUDIT_LOG_PATHS.integrity,
    {
      config: { access: AUDIT_LOG_ACCESS, errors: [] },
      schema: {
        operationId: 'checkAuditLogIntegrity',
        tags: ['audit-log'],
        summary: "Recompute this organisation and mode's audit hash chain",
        description:
          'Recomputes every remaining row of the hash chain, in sequence, and names the first that does not verify; then checks the chain against the stored signed checkpoints (`checkpoints`): each must verify with the service\'s key, and the chain must still recompute to the head each sealed. ' +
          'To check against the checkpoints you hold, which a rewrite of the database cannot reach, send them to `POST /v1/audit-log/integrity`.' +
          SESSION_NOTE,
        response: { 200: Type.Ref(AuditIntegritySchema, { description: 'The integrity report.' }) },
      },
    },
    async (request) => checkAuditIntegrity(tenantContext(runtime, request)),
  );

  app.post<{ Body: CheckIntegrityBody }>(
    AUDIT_LOG_PATHS.integrity,
    {
      config: { access: AUDIT_LOG_ACCESS, errors: [] },
      schema: {
        operationId: 'checkAuditLogIntegrityWithCheckpoints',
        tags: ['audit-log'],
        summary: 'Check the audit chain and shipment chains against the checkpoints you hold',
        description:
          'As `GET /v1/audit-log/integrity`, and also against the checkpoints sent (as delivered by `audit.checkpoint_created` or `GET /v1/audit-log/checkpoints`): each must verify with the service\'s key and belong to this organisation and mode, and the audit chain and every shipment chain it names must still recompute to the heads it sealed. ' +
          'A forged or altered checkpoint, or a past rewritten even by the database\'s owner, is `valid: false` with the checkpoint and the reason in `checkpoints.failed`. Changes nothing.' +
          SESSION_NOTE,
        body: Type.Ref(CheckIntegrityBodySchema),
        response: { 200: Type.Ref(AuditIntegritySchema, { description: 'The integrity report.' }) },
      },
    },
    async (request) => checkAuditIntegrity(tenantContext(runtime, request), request.body.checkpoints),
  );
}
