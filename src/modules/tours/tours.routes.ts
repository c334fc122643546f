/**
 * Tours area (docs/tours.md): create, list, read, update and cancel a driver's
 * run, and complete one of its stops.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { keptResponse, noHeaders } from '../../http/idempotency.js';
import { tenantContext } from '../../http/tenant-context.js';
import type { TourView } from './tour-view.js';
import { cancelTour } from './cancel-tour.js';
import { completeStop } from './complete-stop.js';
import { createTour } from './create-tour.js';
import { getTour } from './get-tour.js';
import { listTours } from './list-tours.js';
import {
  CancelTourBodySchema,
  CompleteStopBodySchema,
  ListToursQuerySchema,
  TourDriverSchema,
  TourInputSchema,
  TourPageSchema,
  TourParamsSchema,
  TourPatchSchema,
  TourSchema,
  TourStopInputSchema,
  TourStopParamsSchema,
  TourStopSchema,
  type CancelTourBody,
  type CompleteStopBody,
  type ListToursQuery,
  type TourInput,
  type TourPatch,
} from './tour.schema.js';
import { updateTour } from './update-tour.js';

export const TOUR_PATHS = {
  collection: '/v1/tours',
  one: '/v1/tours/:id',
  cancel: '/v1/tours/:id/cancel',
  completeStop: '/v1/tours/:id/stops/:position/complete',
} as const;

const read = { access: { scope: 'tours:read' as const } };
const write = { access: { scope: 'tours:write' as const } };
const tour = (description: string) => Type.Ref(TourSchema, { description });
const RULES =
  'Each stop names a shipment of the organisation in the same mode that is not cancelled; a shipment appears at most once as pickup and once as delivery, its pickup before its delivery. ' +
  'A stop that breaks a rule is a finding on it in 422 `validation_failed` (`$.stops[i].shipment_id`, `$.stops[i]`, `$.stops[i].kind`). ' +
  "The tour's driver and vehicle are set on its shipments where their status still allows it; the others keep theirs and `warnings` says so (docs/tours.md).";

type ById = { Params: { id: string } };

export async function tourRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [TourDriverSchema, TourStopInputSchema, TourInputSchema, TourPatchSchema, TourStopSchema, TourSchema, TourPageSchema, CancelTourBodySchema, CompleteStopBodySchema]) {
    app.addSchema(schema);
  }
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.post<{ Body: TourInput }>(
    TOUR_PATHS.collection,
    {
      config: { ...write, errors: [] },
      schema: {
        operationId: 'createTour',
        tags: ['tours'],
        summary: 'Create a tour',
        description: `Stores a \`planned\` tour and emits \`tour.created\`. ${RULES}`,
        body: Type.Ref(TourInputSchema),
        response: { 201: tour('The stored tour, its stops numbered from 1.') },
      },
    },
    async (request, reply) => {
      const created = await createTour(ctx(request), request.body);
      return reply.status(201).header('location', `${TOUR_PATHS.collection}/${created.id}`).send(created);
    },
  );

  app.get<{ Querystring: ListToursQuery }>(
    TOUR_PATHS.collection,
    {
      config: { ...read, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listTours',
        tags: ['tours'],
        summary: 'List tours, newest first',
        querystring: ListToursQuerySchema,
        response: { 200: Type.Ref(TourPageSchema, { description: 'A page of tours.' }) },
      },
    },
    async (request) => listTours(ctx(request), request.query),
  );

  app.get<ById>(
    TOUR_PATHS.one,
    {
      config: { ...read, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getTour', tags: ['tours'], summary: 'Get a tour', params: TourParamsSchema, response: { 200: tour('The tour.') } },
    },
    async (request) => getTour(ctx(request), request.params.id),
  );

  app.patch<ById & { Body: TourPatch }>(
    TOUR_PATHS.one,
    {
      config: { ...write, errors: ['invalid_id', 'not_found', 'invalid_state'] },
      schema: {
        operationId: 'updateTour',
        tags: ['tours'],
        summary: 'Update a planned or running tour',
        description:
          'Changes the name, date, driver, vehicle or the order of the stops; the members given replace the tour\'s. `stops` is the whole new list: stops kept in it keep their status, ' +
          `one already done or skipped must stay. A completed or cancelled tour is 409 \`invalid_state\`. Emits \`tour.updated\` when something changed. ${RULES}`,
        params: TourParamsSchema,
        body: Type.Ref(TourPatchSchema),
        response: { 200: tour('The updated tour.') },
      },
    },
    async (request) => updateTour(ctx(request), request.params.id, request.body),
  );

  app.post<ById & { Body: CancelTourBody | undefined }>(
    TOUR_PATHS.cancel,
    {
      config: { optionalBody: true, ...write, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_transition'] },
      schema: {
        operationId: 'cancelTour',
        tags: ['tours'],
        summary: 'Cancel a planned or running tour',
        description: 'Emits `tour.cancelled`. A completed or cancelled tour is 409 `invalid_transition`. The shipments keep the driver and vehicle the tour gave them. The body is optional.',
        params: TourParamsSchema,
        body: Type.Ref(CancelTourBodySchema),
        response: { 200: tour('The cancelled tour.') },
      },
    },
    async (request, reply) => {
      const response = keptResponse<TourView>(runtime, request, reply, 200, noHeaders);
      return response.send(() => cancelTour(ctx(request), request.params.id, request.body?.reason, response.alsoWrite));
    },
  );

  app.post<{ Params: { id: string; position: number }; Body: CompleteStopBody }>(
    TOUR_PATHS.completeStop,
    {
      config: { ...write, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_state', 'invalid_transition', 'signatures_missing', 'goods_stopped', 'shipment_immutable', 'pdf_render_failed', 'conflict'] },
      schema: {
        operationId: 'completeStop',
        tags: ['tours'],
        summary: 'Mark a stop done or skipped',
        description:
          'The driver\'s action (the driver routes call the same use case). `position` counts from 1. The first stop through moves the tour to `in_progress` (`tour.started`), ' +
          'the last to `completed` (`tour.completed`). A stop already through is 409 `invalid_transition`; a completed or cancelled tour 409 `invalid_state`; ' +
          'a position the tour does not have `not_found`. `skipped` needs a `reason`. ' +
          '`done` needs the signatures of the stop (pickup: carrier and consignor; delivery: consignee; takeover: the successive carrier it names), else 409 `signatures_missing` with a `signature_missing` finding per role; ' +
          'or `missing_signatures` with the reason they are absent (not at a takeover), which is chained on the shipment (`stop.closed_unsigned`), printed on a new note version and on the proof of delivery; a pickup closed so moves the shipment to `in_transit`. ' +
          'A delivery of goods stopped by an accepted disposal instruction (`stop`, until the next accepted instruction) is 409 `goods_stopped`.',
        params: TourStopParamsSchema,
        body: Type.Ref(CompleteStopBodySchema),
        response: { 200: tour('The tour after the stop.') },
      },
    },
    async (request, reply) => {
      const response = keptResponse<TourView>(runtime, request, reply, 200, noHeaders);
      return response.send(() => completeStop(ctx(request), request.params.id, request.params.position, request.body, undefined, response.alsoWrite));
    },
  );
}
