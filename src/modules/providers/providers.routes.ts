/**
 * Providers area (docs/providers.md): the catalogue of eCMR providers,
 * the organisation's routing rules, and a shipment's hand-over.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { createRoutingRule } from './create-routing-rule.js';
import { deleteRoutingRule } from './delete-routing-rule.js';
import { getHandover } from './get-handover.js';
import { getProvider } from './get-provider.js';
import { getRoutingRule, listRoutingRules } from './get-routing-rule.js';
import { listProviders } from './list-providers.js';
import { ProviderWebhookSchemeSchema } from './provider-catalogue.js';
import {
  HandoverSchema,
  OrderedListQuerySchema,
  ProviderPageSchema,
  ProviderParamsSchema,
  ProviderSchema,
  ReorderRoutingRulesSchema,
  RoutingMatchSchema,
  RoutingRuleInputSchema,
  RoutingRuleListSchema,
  RoutingRuleParamsSchema,
  RoutingRulePatchSchema,
  RoutingRuleSchema,
  type OrderedListQuery,
  type ReorderRoutingRules,
  type RoutingRuleInput,
  type RoutingRulePatch,
} from './provider.schema.js';
import { refreshHandover } from './refresh-handover.js';
import { reorderRoutingRules } from './reorder-routing-rules.js';
import { updateRoutingRule } from './update-routing-rule.js';

export const PROVIDER_PATHS = {
  collection: '/v1/providers',
  one: '/v1/providers/:id',
  rules: '/v1/providers/routing-rules',
  rule: '/v1/providers/routing-rules/:id',
  reorder: '/v1/providers/routing-rules/reorder',
  handover: '/v1/shipments/:id/handover',
  refresh: '/v1/shipments/:id/handover/refresh',
} as const;

const read = { access: { scope: 'providers:read' as const } };
const manage = { access: { scope: 'providers:manage' as const } };
const rule = (description: string) => Type.Ref(RoutingRuleSchema, { description });
const rules = (description: string) => Type.Ref(RoutingRuleListSchema, { description });
const PROVIDER_RULE = 'With `hand_over`, `provider_id` must name a provider of the catalogue this deployment configured; otherwise 422 `validation_failed` on `$.provider_id`.';

type ById = { Params: { id: string } };

export async function providerRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [ProviderWebhookSchemeSchema, ProviderSchema, ProviderPageSchema, RoutingMatchSchema, RoutingRuleInputSchema, RoutingRulePatchSchema, RoutingRuleSchema, RoutingRuleListSchema, ReorderRoutingRulesSchema, HandoverSchema]) {
    app.addSchema(schema);
  }
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.get<{ Querystring: OrderedListQuery }>(
    PROVIDER_PATHS.collection,
    {
      config: { ...read, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listProviders',
        tags: ['providers'],
        summary: 'List the eCMR providers of the catalogue',
        description: 'Every provider the service knows, by id, with its capabilities and whether this deployment configured it. Facts not verified are `unknown`; `basis` and `sources` say where the rest comes from.',
        querystring: OrderedListQuerySchema,
        response: { 200: Type.Ref(ProviderPageSchema, { description: 'The catalogue.' }) },
      },
    },
    async (request) => listProviders(ctx(request), request.query),
  );

  app.get<ById>(
    PROVIDER_PATHS.one,
    {
      config: { ...read, errors: ['bad_request', 'not_found'] },
      schema: { operationId: 'getProvider', tags: ['providers'], summary: 'Get a provider of the catalogue', params: ProviderParamsSchema, response: { 200: Type.Ref(ProviderSchema, { description: 'The provider.' }) } },
    },
    async (request) => getProvider(runtime.services, request.params.id),
  );

  app.get<{ Querystring: OrderedListQuery }>(
    PROVIDER_PATHS.rules,
    {
      config: { ...manage, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listRoutingRules',
        tags: ['providers'],
        summary: 'List the routing rules in evaluation order',
        querystring: OrderedListQuerySchema,
        response: { 200: rules('A page of rules, first evaluated first.') },
      },
    },
    async (request) => listRoutingRules(ctx(request), request.query),
  );

  app.post<{ Body: RoutingRuleInput }>(
    PROVIDER_PATHS.rules,
    {
      config: { ...manage, errors: [] },
      schema: {
        operationId: 'createRoutingRule',
        tags: ['providers'],
        summary: 'Add a routing rule',
        description: `When a shipment is issued, the first rule (lowest \`position\`) whose \`match\` holds decides: keep the note here, or hand it to a provider; the decision is the chained event \`shipment.routed\`. ${PROVIDER_RULE}`,
        body: Type.Ref(RoutingRuleInputSchema),
        response: { 201: rule('The stored rule with its place.') },
      },
    },
    async (request, reply) => {
      const created = await createRoutingRule(ctx(request), request.body);
      return reply.status(201).header('location', `${PROVIDER_PATHS.rules}/${created.id}`).send(created);
    },
  );

  app.post<{ Body: ReorderRoutingRules }>(
    PROVIDER_PATHS.reorder,
    {
      config: { ...manage, errors: [] },
      schema: {
        operationId: 'reorderRoutingRules',
        tags: ['providers'],
        summary: 'Put the routing rules in a new order',
        description: '`rule_ids` names every rule once, first evaluated first; anything else is 422 `validation_failed` on `$.rule_ids`.',
        body: Type.Ref(ReorderRoutingRulesSchema),
        response: { 200: rules('The rules in their new order.') },
      },
    },
    async (request) => reorderRoutingRules(ctx(request), request.body.rule_ids),
  );

  app.get<ById>(
    PROVIDER_PATHS.rule,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getRoutingRule', tags: ['providers'], summary: 'Get a routing rule', params: RoutingRuleParamsSchema, response: { 200: rule('The rule.') } },
    },
    async (request) => getRoutingRule(ctx(request), request.params.id),
  );

  app.patch<ById & { Body: RoutingRulePatch }>(
    PROVIDER_PATHS.rule,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'updateRoutingRule',
        tags: ['providers'],
        summary: 'Change a routing rule',
        description: `The members given replace the rule's; its place changes only through reorder. Shipments issued before keep the decision they got. ${PROVIDER_RULE}`,
        params: RoutingRuleParamsSchema,
        body: Type.Ref(RoutingRulePatchSchema),
        response: { 200: rule('The changed rule.') },
      },
    },
    async (request) => updateRoutingRule(ctx(request), request.params.id, request.body),
  );

  app.delete<ById>(
    PROVIDER_PATHS.rule,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'deleteRoutingRule',
        tags: ['providers'],
        summary: 'Delete a routing rule',
        description: 'The rules after it move up one place.',
        params: RoutingRuleParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      await deleteRoutingRule(ctx(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get<ById>(
    PROVIDER_PATHS.handover,
    {
      config: { access: { scope: 'shipments:read' }, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'getHandover',
        tags: ['providers'],
        summary: "Get a shipment's hand-over to another provider",
        description: 'Written with the issue when a routing rule handed the note to a provider, then kept up to date by the hand-over job and the provider\'s webhooks. A shipment no rule handed over answers `status: "none"`: its note is held here.',
        params: ShipmentParamsSchema,
        response: { 200: Type.Ref(HandoverSchema, { description: 'The hand-over.' }) },
      },
    },
    async (request) => getHandover(ctx(request), request.params.id),
  );

  app.post<ById>(
    PROVIDER_PATHS.refresh,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found', 'invalid_state', 'provider_unavailable'] },
      schema: {
        operationId: 'refreshHandover',
        tags: ['providers'],
        summary: 'Ask the provider for the status of the note, now',
        description:
          'A synchronous call to the provider: its answer is kept as `provider_status`. A provider that does not answer (or refuses) is 502 `provider_unavailable` and nothing changes. ' +
          'A hand-over not `handed_over` is 409 `invalid_state`: there is none, the hand-over job is still trying, or it failed.',
        params: ShipmentParamsSchema,
        response: { 200: Type.Ref(HandoverSchema, { description: 'The hand-over with the status the provider gave.' }) },
      },
    },
    async (request) => refreshHandover(ctx(request), request.params.id),
  );
}
