/**
 * System area: GET /v1/health (readiness), /v1/health/live (liveness), /v1/version, /v1/whoami and
 * /v1/openapi.json (DESIGN, Paths). Readiness says whether this process should get traffic: its
 * stores answer and it is not draining. Liveness says only that the process runs, so that a
 * database outage makes every API process unready but gets none of them restarted.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { API_VERSION, SERVICE_NAME } from '../../core/version.js';
import { sortedDocument } from '../../http/openapi.js';
import { checkHealth } from './check-health.js';
import { HealthSchema, LivenessSchema, VersionSchema, WhoAmISchema, type Liveness, type WhoAmI } from './system.schema.js';

export const SYSTEM_PATHS = {
  health: '/v1/health',
  live: '/v1/health/live',
  version: '/v1/version',
  whoami: '/v1/whoami',
  openapi: '/v1/openapi.json',
} as const;

export async function systemRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [HealthSchema, LivenessSchema, VersionSchema, WhoAmISchema]) app.addSchema(schema);
  app.get(
    SYSTEM_PATHS.health,
    {
      config: { access: { public: true }, servedWhileDraining: true },
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Readiness: this process and its stores can serve requests',
        description:
          'Probes the database, the key-value store and the object store (2 s each). Answers 503 with the same body when a check is `error`, ' +
          'so monitors can read which one failed (the one route that does not answer problem+json), and while the process drains for shutdown ' +
          '(`ok` false): a load balancer takes the process out of rotation then. For whether to restart a process, use `/v1/health/live`.',
        response: {
          200: Type.Ref(HealthSchema, { description: 'Every check is ok and the process is not draining.' }),
          503: Type.Ref(HealthSchema, { description: 'A check is `error` (`checks` names it), or the process is draining.' }),
        },
      },
    },
    async (request, reply) => {
      const { ok, checks } = await checkHealth(runtime.probes);
      const ready = ok && !runtime.isDraining();
      return reply.status(ready ? 200 : 503).send({ ok: ready, checks, environment: runtime.config.environment, request_id: request.id });
    },
  );

  app.get(
    SYSTEM_PATHS.live,
    {
      config: { access: { public: true }, servedWhileDraining: true },
      schema: {
        operationId: 'getLiveness',
        tags: ['system'],
        summary: 'Liveness: the process runs and its event loop answers',
        description: 'Checks nothing outside the process, so an outage of the database or Redis does not get healthy processes restarted; answers 200 while draining too.',
        response: { 200: Type.Ref(LivenessSchema, { description: 'The process is alive.' }) },
      },
    },
    async (request): Promise<Liveness> => ({ ok: true, draining: runtime.isDraining(), request_id: request.id }),
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
