/**
 * The right of disposal (CMR articles 12–13; docs/right-of-disposal.md): instructions given by the
 * party entitled — with an API key acting for it, or from its own sign link (no key) — the
 * carrier's acceptance or refusal, and the carrier's report that the goods arrived.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { keptResponse, noHeaders } from '../../http/idempotency.js';
import { tenantContext } from '../../http/tenant-context.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { signLinkOf } from '../signatures/sign-link-access.js';
import { SignTokenParamsSchema } from '../signatures/signature-request.schema.js';
import { acceptDisposalInstruction } from './accept-disposal-instruction.js';
import {
  ArrivalSchema,
  CreateDisposalInstructionSchema,
  CreateSignLinkDisposalInstructionSchema,
  DisposalInstructionPageSchema,
  DisposalInstructionParamsSchema,
  DisposalInstructionSchema,
  ListDisposalInstructionsQuerySchema,
  RefuseDisposalInstructionSchema,
  type CreateDisposalInstruction,
  type CreateSignLinkDisposalInstruction,
  type ListDisposalInstructionsQuery,
  type RefuseDisposalInstruction,
} from './disposal.schema.js';
import type { DisposalInstructionView } from './disposal-view.js';
import { giveDisposalInstruction } from './give-disposal-instruction.js';
import { giveSignLinkDisposalInstruction } from './give-sign-link-disposal-instruction.js';
import { listDisposalInstructions } from './list-disposal-instructions.js';
import { recordArrival, type ArrivalView } from './record-arrival.js';
import { refuseDisposalInstruction } from './refuse-disposal-instruction.js';

export const DISPOSAL_PATHS = {
  instructions: '/v1/shipments/:id/disposal-instructions',
  accept: '/v1/shipments/:id/disposal-instructions/:instruction_id/accept',
  refuse: '/v1/shipments/:id/disposal-instructions/:instruction_id/refuse',
  arrival: '/v1/shipments/:id/arrival',
  signInstructions: '/v1/sign/:token/disposal-instructions',
} as const;

const WHO =
  'Entitled (CMR art. 12): the sender (consignor) until the goods arrive (`POST /v1/shipments/{id}/arrival`), the consignee after; the consignee from the start when the note says so (`consignee_has_right_of_disposal`, art. 12(3)). ' +
  'Any other party is 403 `disposal_not_entitled` with a finding on `$.instructing_party` naming the `rule` and its `source`. A draft, or a delivered or cancelled shipment, is 409 `invalid_state`. ' +
  'Members by kind: `change_delivery_place` needs `delivery`, `change_consignee` needs `consignee` (and may give `delivery`), `return` may give `delivery`, `stop` takes neither (422 `validation_failed` otherwise). ' +
  'Emits `shipment.disposal_instructed` (chained, with the SHA-256 of the evidence); the carrier then accepts or refuses it.';

type ById = { Params: { id: string } };
type ByInstruction = { Params: { id: string; instruction_id: string } };

const sourceOf = (request: FastifyRequest) => {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
};

export async function disposalRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [DisposalInstructionSchema, DisposalInstructionPageSchema, CreateDisposalInstructionSchema, CreateSignLinkDisposalInstructionSchema, RefuseDisposalInstructionSchema, ArrivalSchema]) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);
  const instruction = (description: string) => ({ 201: Type.Ref(DisposalInstructionSchema, { description }) });

  app.get<ById & { Querystring: ListDisposalInstructionsQuery }>(
    DISPOSAL_PATHS.instructions,
    {
      config: { access: { scope: 'shipments:read' }, errors: ['invalid_id', 'not_found', 'bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listDisposalInstructions',
        tags: ['disposal'],
        summary: 'Disposal instructions of a shipment',
        description: 'Newest first (`order=asc` for oldest first), each with its evidence and the carrier\'s decision.',
        params: ShipmentParamsSchema,
        querystring: ListDisposalInstructionsQuerySchema,
        response: { 200: Type.Ref(DisposalInstructionPageSchema, { description: 'A page of instructions.' }) },
      },
    },
    async (request) => listDisposalInstructions(ctx(request), request.params.id, request.query),
  );

  app.post<ById & { Body: CreateDisposalInstruction }>(
    DISPOSAL_PATHS.instructions,
    {
      config: { access: { scope: 'shipments:write' }, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_state', 'disposal_not_entitled'] },
      schema: {
        operationId: 'giveDisposalInstruction',
        tags: ['disposal'],
        summary: 'Give a disposal instruction for a party',
        description: `The API key acts for \`instructing_party\`; the evidence records the key, IP and user agent. ${WHO}`,
        params: ShipmentParamsSchema,
        body: Type.Ref(CreateDisposalInstructionSchema),
        response: instruction('The instruction, `instructed`.'),
      },
    },
    async (request, reply) => {
      const response = keptResponse<DisposalInstructionView>(runtime, request, reply, 201, noHeaders);
      const c = ctx(request);
      const { instructing_party: party, ...input } = request.body;
      return response.send(() => giveDisposalInstruction(c, request.params.id, party, input, { by: 'api_key', apiKeyId: c.source?.actor.type === 'api_key' ? c.source.actor.id : '', ...sourceOf(request) }, response.alsoWrite));
    },
  );

  app.post<{ Params: { token: string }; Body: CreateSignLinkDisposalInstruction }>(
    DISPOSAL_PATHS.signInstructions,
    {
      config: {
        access: { public: true, signLink: 'pending-or-used' },
        idempotent: 'in-transaction',
        errors: ['not_found', 'token_expired', 'token_revoked', 'token_rotated', 'otp_invalid', 'invalid_state', 'disposal_not_entitled'],
      },
      schema: {
        operationId: 'giveSignLinkDisposalInstruction',
        tags: ['sign'],
        summary: 'Give a disposal instruction from a sign link',
        description:
          'The sender or consignee instructs from its own sign link, also after signing with it (a used link; withdrawn, replaced or expired ones are 410). The link\'s role is the instructing party; the evidence records the link, IP and user agent. ' +
          `A link that requires a one-time password needs \`otp_verified_token\` (422 \`otp_invalid\` without a valid one). ${WHO}`,
        params: SignTokenParamsSchema,
        body: Type.Ref(CreateSignLinkDisposalInstructionSchema),
        response: instruction('The instruction, `instructed`.'),
      },
    },
    async (request, reply) => {
      const response = keptResponse<DisposalInstructionView>(runtime, request, reply, 201, noHeaders);
      return response.send(() => giveSignLinkDisposalInstruction(signLinkOf(request), request.body, sourceOf(request), response.alsoWrite));
    },
  );

  app.post<ByInstruction>(
    DISPOSAL_PATHS.accept,
    {
      config: { access: { scope: 'shipments:write' }, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_state', 'conflict', 'validation_failed', 'pdf_render_failed'] },
      schema: {
        operationId: 'acceptDisposalInstruction',
        tags: ['disposal'],
        summary: 'Accept a disposal instruction (carrier)',
        description:
          'Its place of delivery and consignee become the shipment\'s (`delivery`, `consignee`; `return` sends the goods back to the consignor at the place of taking over unless it gave one; `stop` changes neither), the driver\'s app shows the new destination, and the next consignment-note version prints the instruction in box 13 (500 `pdf_render_failed` if that fails: nothing changed, retry). ' +
          'What the shipment derives from its lane is derived again as at create: `transport_type` (a new country makes a national carriage international or the other way round), `warnings`, the eFTI dataset; a `transport_type` the client sent that no longer fits is dropped. The shipment with the new place or consignee must pass the business rules as a create would (422 `validation_failed`: the instruction still waits, refuse it). ' +
          'Emits `shipment.disposal_accepted`. An instruction already decided is 409 `conflict`; a delivered or cancelled shipment 409 `invalid_state`.',
        params: DisposalInstructionParamsSchema,
        response: { 200: Type.Ref(DisposalInstructionSchema, { description: 'The instruction, `accepted`, with the note version that prints it.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<DisposalInstructionView>(runtime, request, reply, 200, noHeaders);
      return response.send(() => acceptDisposalInstruction(ctx(request), request.params.id, request.params.instruction_id, negotiateLanguage(request.headers['accept-language']), response.alsoWrite));
    },
  );

  app.post<ByInstruction & { Body: RefuseDisposalInstruction }>(
    DISPOSAL_PATHS.refuse,
    {
      config: { access: { scope: 'shipments:write' }, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_state', 'conflict'] },
      schema: {
        operationId: 'refuseDisposalInstruction',
        tags: ['disposal'],
        summary: 'Refuse a disposal instruction (carrier)',
        description:
          'On a ground of CMR art. 12(5), given as `reason`; the answer names its `source`. Emits `shipment.disposal_refused` so the party that gave it is told at once (art. 12(6)). Nothing on the shipment or its note changes. ' +
          'An instruction already decided is 409 `conflict`; a delivered or cancelled shipment 409 `invalid_state`.',
        params: DisposalInstructionParamsSchema,
        body: Type.Ref(RefuseDisposalInstructionSchema),
        response: { 200: Type.Ref(DisposalInstructionSchema, { description: 'The instruction, `refused`.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<DisposalInstructionView>(runtime, request, reply, 200, noHeaders);
      return response.send(() => refuseDisposalInstruction(ctx(request), request.params.id, request.params.instruction_id, request.body, response.alsoWrite));
    },
  );

  app.post<ById>(
    DISPOSAL_PATHS.arrival,
    {
      config: { access: { scope: 'shipments:write' }, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_state', 'shipment_immutable'] },
      schema: {
        operationId: 'recordArrival',
        tags: ['disposal'],
        summary: 'Report the goods arrived at the place of delivery (carrier)',
        description:
          'CMR art. 13(1): from now on the consignee, not the sender, has the right of disposal (art. 12(2)). The shipment must be `in_transit` and arrive once (409 `invalid_state` otherwise; delivered or cancelled: 409 `shipment_immutable`). Sets `arrived_at`; emits `shipment.arrived`.',
        params: ShipmentParamsSchema,
        response: { 201: Type.Ref(ArrivalSchema, { description: 'The arrival.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<ArrivalView>(runtime, request, reply, 201, noHeaders);
      return response.send(() => recordArrival(ctx(request), request.params.id, response.alsoWrite));
    },
  );
}
