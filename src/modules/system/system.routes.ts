/** System area: GET /v1/health, /v1/version, /v1/whoami and /v1/openapi.json (DESIGN, Paths). */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { API_VERSION, SERVICE_NAME } from '../../core/version.js';
import { sortedDocument } from '../../http/openapi.js';
import { checkHealth } from './check-health.js';
import { HealthSchema, VersionSchema, WhoAmISchema, type WhoAmI } from './system.schema.js';

export const SYSTEM_PATHS = {
  health: '/v1/health',
  version: '/v1/version',
  whoami: '/v1/whoami',
  openapi: '/v1/openapi.json',
} as const;

export async function systemRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [HealthSchema, VersionSchema, WhoAmISchema]) app.addSchema(schema);
  app.get(
    SYSTEM_PATHS.health,
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Health of the service and its stores',
        description: 'Answers 503 with the same body when a check is `error`, so monitors can read which one failed (the one route that does not answer problem+json).',
        response: { 200: Type.Ref(HealthSchema, { description: 'Every check is ok.' }), 503: Type.Ref(HealthSchema, { description: 'A check is `error`; `checks` names it.' }) },
      },
    },
    async (request, reply) => {
      const { ok, checks } = await checkHealth(runtime.probes);
      return reply.status(ok ? 200 : 503).send({ ok, checks, environment: runtime.config.environment, request_id: request.id });
    },
  );

  app.get(
    SYSTEM_PATHS.version,
    {
      config: { access: { public: true } },
      schema: { operationId: 'getVersion', tags: ['system'], summary: 'Versions of the interface and the database schema', response: { 200: Type.Ref(VersionSchema, { description: 'Interface and schema versions.' }) } },
    },
    async () => ({ name: SERVICE_NAME, api_version: API_VERSION, schema_version: runtime.schemaVersion, environment: runtime.config.environment }),
  );

  app.get(
    SYSTEM_PATHS.whoami,
    {
      config: { access: { allowUnclearedLive: true } },
      schema: { operationId: 'getWhoAmI', tags: ['system'], summary: 'The API key in use: organisation, mode, scopes and live clearance', response: { 200: Type.Ref(WhoAmISchema, { description: 'The key in use.' }) } },
    },
    async (request): Promise<WhoAmI> => {
      const p = request.principal!;
      return { organization_id: p.organizationId, mode: p.mode, api_key_id: p.keyId, scopes: p.scopeList as WhoAmI['scopes'], live_enabled: p.liveEnabled };
    },
  );

  app.get(
    SYSTEM_PATHS.openapi,
    {
      config: { access: { public: true } },
      schema: { operationId: 'getOpenApi', tags: ['system'], summary: 'This OpenAPI 3.1 document', response: { 200: { type: 'object', additionalProperties: true, description: 'The OpenAPI 3.1 document, keys sorted.' } } },
    },
    async () => sortedDocument(app.swagger()),
  );
}
