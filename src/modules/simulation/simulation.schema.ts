/**
 * Schemas of the sandbox simulation (service description, area "test"): the body of
 * `POST /v1/test/shipments/{id}/simulate` and its answer. One flat body for every action, so a
 * wrong field is answered as a finding on that field; which fields an action takes is checked by
 * the use case (simulate-shipment.ts) and written in each field's description.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { SHIPMENT_STATUSES } from '../shipments/shipment-status.js';
import { REMARK_TYPES, MAX_REMARK_TEXT } from '../remarks/remark.schema.js';

export const SIMULATION_ACTIONS = ['sign', 'deliver', 'remark', 'advance', 'fail_webhooks', 'recover_webhooks'] as const;
export type SimulationAction = (typeof SIMULATION_ACTIONS)[number];
export const SIMULATED_ROLES = ['consignor', 'carrier', 'consignee'] as const;
export const SIMULATED_LEVELS = ['platform_auth', 'ades', 'qes'] as const;
export const ADVANCE_TARGETS = ['issued', 'in_transit', 'delivered', 'cancelled'] as const;

export const SimulateShipmentSchema = Type.Object(
  {
    action: StringEnum(SIMULATION_ACTIONS, {
      description:
        '`sign`: one signature (`role`, or the next one due). `deliver`: issues a draft, then every signature still missing, consignee last: the shipment ends `delivered` with its proof of delivery. ' +
        '`remark`: a remark (`phase`, `type`, `text`, `photo`). `advance`: every step up to the status `to`. ' +
        '`fail_webhooks` / `recover_webhooks`: every sandbox webhook endpoint of the organisation fails each attempt without sending it (retried on the normal schedule, then dead-lettered), until recovered.',
    }),
    role: Type.Optional(StringEnum(SIMULATED_ROLES, { description: '`sign` only: the party signing. Left out, the next signature due: consignor, carrier, any successive carriers, then the consignee.' })),
    level: Type.Optional(
      StringEnum(SIMULATED_LEVELS, {
        description: '`sign`, `deliver`, `advance`: the level of the signatures made (default `platform_auth`). `ades`/`qes` sign through the sandbox trust-service simulator, as a sign link at that level would (method `trust_service`).',
      }),
    ),
    signer_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: '`sign` only: who signs; default the party\'s name on the shipment.' })),
    // A successive carrier's takeover is not simulated: its reservations name the carrier (`POST /v1/shipments/{id}/remarks`).
    phase: Type.Optional(StringEnum(['pickup', 'delivery'] as const, { description: '`remark` (required): `pickup` or `delivery`, as `POST /v1/shipments/{id}/remarks` takes it.' })),
    type: Type.Optional(StringEnum(REMARK_TYPES, { description: '`remark` (required): as `POST /v1/shipments/{id}/remarks` takes it.' })),
    text: Type.Optional(Type.String({ maxLength: MAX_REMARK_TEXT, description: '`remark`: what was observed.' })),
    photo: Type.Optional(Type.Boolean({ description: '`remark`: `true` attaches a generated photo (a small PNG), uploaded to the shipment as a document of kind `photo` first, as a real upload would be.' })),
    to: Type.Optional(StringEnum(ADVANCE_TARGETS, { description: '`advance` (required): the status to reach. Only forward: a status behind or equal to the current one is 409 `invalid_transition`, as the real move would be.' })),
  },
  { $id: 'SimulateShipment', additionalProperties: false, description: 'Sandbox only: one simulated action on a shipment.' },
);
export type SimulateShipment = Static<typeof SimulateShipmentSchema>;

const PerformedStepSchema = Type.Object(
  {
    step: StringEnum(['issue', 'sign', 'remark', 'cancel', 'fail_webhooks', 'recover_webhooks'] as const, { description: 'What was done, through the same use case as the real call.' }),
    status: StringEnum(SHIPMENT_STATUSES, { description: 'The shipment\'s status after this step.' }),
    role: Type.Optional(Type.String({ description: '`sign`: the role signed (`consignor`, `carrier`, `successive_carrier`, `consignee`).' })),
    successive_index: Type.Optional(Type.Integer({ minimum: 0, description: '`sign` by a successive carrier: its position.' })),
    level: Type.Optional(StringEnum(SIMULATED_LEVELS)),
    signature_id: Type.Optional(IdString('signature')),
    remark_id: Type.Optional(IdString('remark')),
    photo_document_id: Type.Optional(IdString('document', { description: '`remark` with `photo`: the generated photo (download it like any document).' })),
    rendered_document_id: Type.Optional(IdString('document', { description: '`sign`, `remark`: the consignment-note version rendered by the step.' })),
    webhook_endpoint_ids: Type.Optional(Type.Array(Type.String(), { description: '`fail_webhooks`, `recover_webhooks`: the sandbox endpoints changed.' })),
  },
  { $id: 'SimulationStep' },
);

export const SimulationResultSchema = Type.Object(
  {
    action: StringEnum(SIMULATION_ACTIONS),
    performed: Type.Array(Type.Ref(PerformedStepSchema), { description: 'Every step taken, in order: each is a real request\'s work (events chained, note versions rendered, webhooks delivered).' }),
    shipment: Type.Ref('Shipment', { description: 'The shipment afterwards, as `GET /v1/shipments/{id}` answers it.' }),
  },
  { $id: 'SimulationResult' },
);

export const SIMULATION_SCHEMAS = [PerformedStepSchema, SimulateShipmentSchema, SimulationResultSchema];
export type PerformedStep = Static<typeof PerformedStepSchema>;
