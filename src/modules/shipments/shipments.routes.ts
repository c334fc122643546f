/**
 * Shipments area (DESIGN, Paths): create, list, dry-run validation, read, merge-patch update,
 * issue, cancel, the shipment's event chain and its integrity check.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { keptResponse, noHeaders } from '../../http/idempotency.js';
import { tenantContext } from '../../http/tenant-context.js';
import type { ShipmentView } from './shipment-view.js';
import { ShipmentEventPageSchema, ShipmentEventSchema } from '../events/events.schema.js';
import { checkShipmentIntegrity } from './check-shipment-integrity.js';
import { cancelShipment, issueShipment } from './change-shipment-status.js';
import { createShipment } from './create-shipment.js';
import { getShipment } from './get-shipment.js';
import { listShipmentEvents } from './list-shipment-events.js';
import { listShipments } from './list-shipments.js';
import { SHIPMENT_INPUT_SCHEMAS } from './shipment-input.schema.js';
import { ShipmentPatchSchema, UPDATE_DESCRIPTION } from './shipment-patch.schema.js';
import {
  CancelShipmentBodySchema,
  CreateShipmentQuerySchema,
  ShipmentCreateSchema,
  IntegrityReportSchema,
  ListShipmentEventsQuerySchema,
  ListShipmentsQuerySchema,
  ShipmentPageSchema,
  ShipmentParamsSchema,
  ShipmentSchema,
  ValidationResultSchema,
  type CancelShipmentBody,
  type ListShipmentsQuery,
} from './shipment.schema.js';
import { updateShipment } from './update-shipment.js';
import { dryRunShipment } from './dry-run-shipment.js';

export const SHIPMENT_PATHS = {
  collection: '/v1/shipments',
  validate: '/v1/shipments/validate',
  one: '/v1/shipments/:id',
  issue: '/v1/shipments/:id/issue',
  cancel: '/v1/shipments/:id/cancel',
  events: '/v1/shipments/:id/events',
  integrity: '/v1/shipments/:id/integrity',
} as const;

const language = (request: FastifyRequest) => negotiateLanguage(request.headers['accept-language']);
const read = { access: { scope: 'shipments:read' as const } };
const write = { access: { scope: 'shipments:write' as const } };
const shipment = (description: string) => Type.Ref(ShipmentSchema, { description });
const inputBody = Type.Ref('ShipmentCreate');

type ById = { Params: { id: string } };

export async function shipmentRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [...SHIPMENT_INPUT_SCHEMAS, ShipmentCreateSchema, ShipmentPatchSchema, ShipmentSchema, ShipmentPageSchema, ValidationResultSchema, IntegrityReportSchema, CancelShipmentBodySchema, ShipmentEventSchema, ShipmentEventPageSchema]) {
    app.addSchema(schema);
  }
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.post<{ Querystring: { issue?: boolean } }>(
    SHIPMENT_PATHS.collection,
    {
      config: { ...write, idempotent: 'in-transaction', bodyCheckedByHandler: true, errors: ['bad_request', 'invalid_id', 'not_found', 'pdf_render_failed', 'test_mode_only'] },
      schema: {
        operationId: 'createShipment',
        tags: ['shipments'],
        summary: 'Create a shipment',
        description:
          'Validates the body with the schema and the business rules (docs/business-rules.md) and stores a `draft`. Errors block the create ' +
          '(422 `validation_failed`, rule findings in `errors`); warnings ride along in the 201 body. `?issue=true` creates and issues in one call, ' +
          'rendering version 1 of the consignment note (500 `pdf_render_failed` if it cannot be rendered; nothing is stored, retry). ' +
          'With `template_id` the body is applied over that shipment template first (see `template_id`); the result is checked like any other body.',
        querystring: CreateShipmentQuerySchema,
        body: inputBody,
        response: { 201: shipment('The stored shipment with its `warnings`.') },
      },
    },
    async (request, reply) => {
      const response = keptResponse<ShipmentView>(runtime, request, reply, 201, (created) => ({ location: `${SHIPMENT_PATHS.collection}/${created.id}` }));
      return response.send(() => createShipment(ctx(request), request.body, { issue: request.query.issue, language: language(request), alsoWrite: response.alsoWrite }));
    },
  );

  app.get<{ Querystring: ListShipmentsQuery }>(
    SHIPMENT_PATHS.collection,
    {
      config: { ...read, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listShipments',
        tags: ['shipments'],
        summary: 'List shipments, newest first',
        querystring: ListShipmentsQuerySchema,
        response: { 200: Type.Ref(ShipmentPageSchema, { description: 'A page of shipments.' }) },
      },
    },
    async (request) => listShipments(ctx(request), request.query, language(request)),
  );

  app.post(
    SHIPMENT_PATHS.validate,
    {
      config: { ...write, bodyCheckedByHandler: true, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'validateShipment',
        tags: ['shipments'],
        summary: 'Validate a shipment without storing it (dry run)',
        description:
          'Runs exactly the checks of the create, on the same body (a `template_id` is merged the same way), and answers 200 with the result, valid or not. ' +
          'Nothing is stored and no event is sent. Only a template id that is malformed (400 `invalid_id`) or names no template of this mode (404 `not_found`) is refused.',
        body: inputBody,
        response: { 200: Type.Ref(ValidationResultSchema, { description: 'What the create would decide.' }) },
      },
    },
    async (request) => dryRunShipment(ctx(request), request.body, language(request)),
  );

  app.get<ById>(
    SHIPMENT_PATHS.one,
    {
      config: { ...read, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getShipment', tags: ['shipments'], summary: 'Get a shipment', params: ShipmentParamsSchema, response: { 200: shipment('The shipment.') } },
    },
    async (request) => getShipment(ctx(request), request.params.id, language(request)),
  );

  app.patch<ById>(
    SHIPMENT_PATHS.one,
    {
      config: { ...write, bodyCheckedByHandler: true, errors: ['invalid_id', 'not_found', 'field_frozen', 'shipment_immutable'] },
      schema: {
        operationId: 'updateShipment',
        tags: ['shipments'],
        summary: 'Update a shipment (JSON merge patch)',
        description: UPDATE_DESCRIPTION,
        params: ShipmentParamsSchema,
        body: { content: { 'application/merge-patch+json': { schema: Type.Ref(ShipmentPatchSchema) }, 'application/json': { schema: Type.Ref(ShipmentPatchSchema) } } },
        response: { 200: shipment('The updated shipment.') },
      },
    },
    async (request) => updateShipment(ctx(request), request.params.id, request.body, language(request)),
  );

  app.post<ById>(
    SHIPMENT_PATHS.issue,
    {
      config: { ...write, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_transition', 'pdf_render_failed', 'conflict'] },
      schema: {
        operationId: 'issueShipment',
        tags: ['shipments'],
        summary: 'Issue a draft shipment',
        description:
          'Checks the business rules again, freezes the consignment-note fields, renders version 1 of the consignment note (PDF) and emits `shipment.issued`. ' +
          'If the note cannot be rendered the answer is 500 `pdf_render_failed` and nothing changed: retry. No body.',
        params: ShipmentParamsSchema,
        response: { 200: shipment('The issued shipment.') },
      },
    },
    async (request, reply) => {
      const response = keptResponse<ShipmentView>(runtime, request, reply, 200, noHeaders);
      return response.send(() => issueShipment(ctx(request), request.params.id, language(request), response.alsoWrite));
    },
  );

  app.post<ById & { Body: CancelShipmentBody | undefined }>(
    SHIPMENT_PATHS.cancel,
    {
      config: { optionalBody: true, ...write, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_transition'] },
      schema: {
        operationId: 'cancelShipment',
        tags: ['shipments'],
        summary: 'Cancel a draft or issued shipment',
        description: 'A shipment in transit can no longer be cancelled (`invalid_transition`). The body is optional.',
        params: ShipmentParamsSchema,
        body: Type.Ref(CancelShipmentBodySchema),
        response: { 200: shipment('The cancelled shipment.') },
      },
    },
    async (request, reply) => {
      const response = keptResponse<ShipmentView>(runtime, request, reply, 200, noHeaders);
      return response.send(() => cancelShipment(ctx(request), request.params.id, request.body?.reason, language(request), response.alsoWrite));
    },
  );

  app.get<ById & { Querystring: { limit?: number; cursor?: string } }>(
    SHIPMENT_PATHS.events,
    {
      config: { ...read, errors: ['invalid_id', 'not_found', 'bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listShipmentEvents',
        tags: ['shipments'],
        summary: 'Events of one shipment in chain order (ascending seq)',
        description: 'Each event carries `seq`, `data_sha256` and `hash`, so the chain can be verified independently (see ShipmentEvent), and `actor`: who caused it (an API key, a console member, a driver session, a sign link, a provider, the eFTI gate or the service), outside the hash.',
        params: ShipmentParamsSchema,
        querystring: ListShipmentEventsQuerySchema,
        response: { 200: Type.Ref(ShipmentEventPageSchema, { description: 'A page of the chain.' }) },
      },
    },
    async (request) => listShipmentEvents(ctx(request), request.params.id, request.query),
  );

  app.get<ById>(
    SHIPMENT_PATHS.integrity,
    {
      config: { ...read, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'checkShipmentIntegrity',
        tags: ['shipments'],
        summary: "Recompute the shipment's event hash chain",
        params: ShipmentParamsSchema,
        response: { 200: Type.Ref(IntegrityReportSchema, { description: 'Whether every event verifies against the head the shipment keeps.' }) },
      },
    },
    async (request) => checkShipmentIntegrity(ctx(request), request.params.id),
  );
}
