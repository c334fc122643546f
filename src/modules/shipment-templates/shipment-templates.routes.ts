/**
 * Shipment templates (docs/shipment-templates.md): create, list, read, merge-patch update and delete
 * the templates of recurring lanes. `POST /v1/shipments` with `template_id` fills a shipment from
 * one (src/modules/shipments/). Registered in the shipments' scope: a template's fields refer to
 * the shipment input's schemas.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { keptResponse } from '../../http/idempotency.js';
import { tenantContext } from '../../http/tenant-context.js';
import { createShipmentTemplate } from './create-shipment-template.js';
import { deleteShipmentTemplate } from './delete-shipment-template.js';
import { getShipmentTemplate } from './get-shipment-template.js';
import { listShipmentTemplates } from './list-shipment-templates.js';
import {
  ListShipmentTemplatesQuerySchema,
  SHIPMENT_TEMPLATE_SCHEMAS,
  ShipmentTemplatePageSchema,
  ShipmentTemplateParamsSchema,
  ShipmentTemplatePatchSchema,
  ShipmentTemplateSchema,
  type ListShipmentTemplatesQuery,
  type ShipmentTemplateInput,
} from './shipment-template.schema.js';
import type { ShipmentTemplateView } from './shipment-template-view.js';
import { updateShipmentTemplate } from './update-shipment-template.js';

export const SHIPMENT_TEMPLATE_PATHS = {
  collection: '/v1/shipment-templates',
  one: '/v1/shipment-templates/:id',
} as const;

// Templates are shipment input: the shipments scopes govern them.
const read = { access: { scope: 'shipments:read' as const } };
const write = { access: { scope: 'shipments:write' as const } };
const template = (description: string) => Type.Ref(ShipmentTemplateSchema, { description });

type ById = { Params: { id: string } };

export async function shipmentTemplateRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of SHIPMENT_TEMPLATE_SCHEMAS) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.post<{ Body: ShipmentTemplateInput }>(
    SHIPMENT_TEMPLATE_PATHS.collection,
    {
      config: { ...write, idempotent: 'in-transaction' },
      schema: {
        operationId: 'createShipmentTemplate',
        tags: ['shipment-templates'],
        summary: 'Create a shipment template',
        description:
          'Keeps the fields of a recurring lane under a name, in the mode of the key. Each field has the schema and limits of the shipment input; none is required, ' +
          'and no business rule runs until a shipment is made from the template (`POST /v1/shipments` with `template_id`).',
        body: Type.Ref('ShipmentTemplateInput'),
        response: { 201: template('The stored template.') },
      },
    },
    async (request, reply) => {
      const response = keptResponse<ShipmentTemplateView>(runtime, request, reply, 201, (created) => ({ location: `${SHIPMENT_TEMPLATE_PATHS.collection}/${created.id}` }));
      return response.send(() => createShipmentTemplate(ctx(request), request.body, response.alsoWrite));
    },
  );

  app.get<{ Querystring: ListShipmentTemplatesQuery }>(
    SHIPMENT_TEMPLATE_PATHS.collection,
    {
      config: { ...read, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listShipmentTemplates',
        tags: ['shipment-templates'],
        summary: 'List shipment templates, newest first',
        querystring: ListShipmentTemplatesQuerySchema,
        response: { 200: Type.Ref(ShipmentTemplatePageSchema, { description: 'A page of templates.' }) },
      },
    },
    async (request) => listShipmentTemplates(ctx(request), request.query),
  );

  app.get<ById>(
    SHIPMENT_TEMPLATE_PATHS.one,
    {
      config: { ...read, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getShipmentTemplate', tags: ['shipment-templates'], summary: 'Get a shipment template', params: ShipmentTemplateParamsSchema, response: { 200: template('The template.') } },
    },
    async (request) => getShipmentTemplate(ctx(request), request.params.id),
  );

  app.patch<ById>(
    SHIPMENT_TEMPLATE_PATHS.one,
    {
      config: { ...write, bodyCheckedByHandler: true, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'updateShipmentTemplate',
        tags: ['shipment-templates'],
        summary: 'Update a shipment template (JSON merge patch)',
        description:
          'JSON merge patch (RFC 7396), sent as `application/merge-patch+json` or `application/json`: objects merge member by member, `null` removes a field, ' +
          'arrays replace the whole list. The merged template is checked like a new one (422 `validation_failed`). Shipments made from it earlier keep their fields.',
        params: ShipmentTemplateParamsSchema,
        body: { content: { 'application/merge-patch+json': { schema: Type.Ref(ShipmentTemplatePatchSchema) }, 'application/json': { schema: Type.Ref(ShipmentTemplatePatchSchema) } } },
        response: { 200: template('The updated template.') },
      },
    },
    async (request) => updateShipmentTemplate(ctx(request), request.params.id, request.body, negotiateLanguage(request.headers['accept-language'])),
  );

  app.delete<ById>(
    SHIPMENT_TEMPLATE_PATHS.one,
    {
      config: { ...write, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'deleteShipmentTemplate',
        tags: ['shipment-templates'],
        summary: 'Delete a shipment template',
        description: 'Shipments made from it keep their fields; a later `template_id` naming it is 404 `not_found`.',
        params: ShipmentTemplateParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      await deleteShipmentTemplate(ctx(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
