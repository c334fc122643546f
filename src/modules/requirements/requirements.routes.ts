/** Requirements area (docs/requirements.md): what a lane needs, country by country. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { tenantContext } from '../../http/tenant-context.js';
import { getRequirements } from './get-requirements.js';
import { RequirementFactSchema, RequirementSourceSchema, RequirementsQuerySchema, RequirementsSchema, type RequirementsQuery } from './requirements.schema.js';

export const REQUIREMENTS_PATHS = { lane: '/v1/requirements' } as const;

export async function requirementRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [RequirementSourceSchema, RequirementFactSchema, RequirementsSchema]) app.addSchema(schema);

  app.get<{ Querystring: RequirementsQuery }>(
    REQUIREMENTS_PATHS.lane,
    {
      config: { access: { scope: 'requirements:read' }, errors: ['bad_request', 'validation_failed'] },
      schema: {
        operationId: 'getRequirements',
        tags: ['requirements'],
        summary: 'Requirements of a lane',
        description:
          'For each country of the lane: party to the e-CMR protocol and since when, whether a paper CMR note is still needed, the Benelux e-CMR pilot, ' +
          'the cabotage allowance of a foreign carrier (`carrier_country`), the ADR documents (`adr=true`), combined transport (`combined=true`) and the eFTI date; ' +
          'each fact with its legal `source` and `valid_from`/`valid_to`, its message in English or Dutch (`Accept-Language`). ' +
          'An unknown country, a day that is not one or more than 10 `via` countries is 422 `validation_failed` naming the parameter (`query.from`, `query.via[1]`, `query.date`); ' +
          'a missing `from`/`to` or an unknown parameter 400 `bad_request`. The facts are data reviewed like code (docs/requirements.md).',
        querystring: RequirementsQuerySchema,
        response: { 200: Type.Ref(RequirementsSchema, { description: 'The requirements of the lane on the day asked.' }) },
      },
    },
    async (request) => getRequirements(tenantContext(runtime, request).clock, request.query, negotiateLanguage(request.headers['accept-language'])),
  );
}
