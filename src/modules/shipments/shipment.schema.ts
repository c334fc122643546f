/** Schemas of the stored shipment, its list filters, the dry-run result and the integrity report. */
import { EftiUilSchema } from '../efti/efti.schema.js';
import { AttachedTestClock, TestClockQueryProperty } from '../test-clocks/test-clock.schema.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { CheckpointReportSchema } from '../checkpoints/checkpoints.schema.js';
import { shipmentInputProperties, TRANSPORT_TYPES } from './shipment-input.schema.js';
import { SHIPMENT_STATUSES } from './shipment-status.js';

const Nullable = <T extends ReturnType<typeof DateTimeString>>(schema: T) => Type.Union([schema, Type.Null()]);
// The record's transport_type is never absent (derived), so it replaces the input's optional one.
const inputFields = Object.fromEntries(Object.entries(shipmentInputProperties).filter(([key]) => key !== 'transport_type')) as Omit<typeof shipmentInputProperties, 'transport_type'>;

export const ShipmentSchema = Type.Object(
  {
    id: Type.String({ description: 'The `shp_` id.' }),
    status: StringEnum(SHIPMENT_STATUSES, {
      description: '`draft` → `issued` → `in_transit` → `delivered`; `cancelled` from `draft` or `issued`. `delivered` and `cancelled` are final.',
    }),
    mode: StringEnum(['test', 'live'] as const),
    transport_type: StringEnum(TRANSPORT_TYPES, { description: 'As sent, or derived from the lane and the carrier when omitted.' }),
    ...inputFields,
    warnings: Type.Array(Type.Ref('Finding'), { description: 'Business-rule warnings of the current content.' }),
    cancellation_reason: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTimeString(),
    updated_at: DateTimeString(),
    issued_at: Nullable(DateTimeString()),
    picked_up_at: Nullable(DateTimeString()),
    arrived_at: Type.Union([DateTimeString(), Type.Null()], { description: 'When the carrier reported the goods at the place designated for delivery (`POST /v1/shipments/{id}/arrival`): from then on the consignee disposes of them (docs/right-of-disposal.md).' }),
    delivered_at: Nullable(DateTimeString()),
    cancelled_at: Nullable(DateTimeString()),
    inspection_url: Type.Union([Type.String(), Type.Null()], {
      description: 'The inspection link the consignment note\'s QR code carries (`GET /inspect/{token}`, as JSON `GET /v1/inspect/{token}`): made at issue, null before.',
    }),
    gate_status: Type.Union([StringEnum(['pending', 'registered', 'failed', 'not_configured'] as const), Type.Null()], {
      description:
        'Where the eFTI dataset stands with the gate (docs/efti-gate.md): null for a draft (nothing is sent before issue); `pending` while its registration is queued or retried; ' +
        '`registered` once the gate took the last identifiers; `failed` when the retries ran out (`efti.registration_failed`); `not_configured` when no gate takes this mode (no EFTI_* configuration, or a sandbox shipment without EFTI_TEST_GATE_URL).',
    }),
    test_clock: AttachedTestClock('the shipment, its sign links and its events'),
    efti_uil: Type.Object(EftiUilSchema.properties, {
      additionalProperties: false,
      description: 'The unique identifier link of the shipment\'s eFTI dataset (Reg. (EU) 2020/1056), as `GET /v1/shipments/{id}/efti` and the inspection show it: gate and platform ids from the EFTI_* configuration (null without), dataset id made at create.',
    }),
  },
  { $id: 'Shipment', description: 'A shipment: the input fields as last set, and what the service derived and recorded.' },
);

export const ShipmentCreateSchema = Type.Object(
  {
    template_id: Type.Optional(
      IdString('shipment_template', {
        description:
          'A shipment template of this mode (`stpl_…`, docs/shipment-templates.md) to start from. The template\'s fields are the base and this body is applied over them ' +
          'as a JSON merge patch (RFC 7396), so the body wins: objects (parties, addresses, stops, charges) merge member by member; an array in the body ' +
          '(`goods`, `successive_carriers`) replaces the template\'s array whole, never line by line; `null` removes a field the template sets. ' +
          'The merged shipment is validated like any create. A malformed id is 400 `invalid_id`; an id of no template of this organisation and mode is 404 `not_found`, ' +
          'also for a template of the other mode (the detail says so).',
      }),
    ),
    ...shipmentInputProperties,
  },
  { additionalProperties: false, $id: 'ShipmentCreate', description: 'Body of `POST /v1/shipments` and of its dry run: the shipment input, optionally filled from a template.' },
);

export const ShipmentPageSchema = PageOf(Type.Ref('Shipment'), 'ShipmentPage');

export const ValidationResultSchema = Type.Object(
  {
    valid: Type.Boolean({ description: 'False when at least one rule of severity error fired.' }),
    errors: Type.Array(Type.Ref('Finding'), { description: 'Findings that would block the create.' }),
    warnings: Type.Array(Type.Ref('Finding'), { description: 'Findings that would ride along on the 201.' }),
    transport_type: Type.Optional(
      StringEnum(TRANSPORT_TYPES, {
        description:
          'What the create would store: derived from the countries of `pickup` and `delivery` (and of the carrier, for cabotage), `combined` when `combined_transport` is given; ' +
          'derived from an invalid body too, whenever those allow. When they do not (no pickup or delivery country, as in `{}`), the `transport_type` sent if it is one of the four values; ' +
          'otherwise the field is absent: such a body cannot be created, so there is nothing it would store.',
      }),
    ),
  },
  { $id: 'ValidationResult' },
);

export const IntegrityReportSchema = Type.Object(
  {
    shipment_id: Type.String(),
    valid: Type.Boolean({ description: 'Every event verifies, the chain ends at the head the shipment keeps, and every signed checkpoint that sealed a head of this chain still matches it.' }),
    events_checked: Type.Integer(),
    head_hash: Type.String({ description: 'The hash of the last event, as the shipment keeps it.' }),
    first_bad_seq: Type.Union([Type.Integer(), Type.Null()], { description: 'The first event that does not verify, or where missing events begin; null when the events verify.' }),
    checkpoints: CheckpointReportSchema,
    checked_at: DateTimeString(),
  },
  { $id: 'IntegrityReport' },
);

export const ShipmentParamsSchema = Type.Object({ id: IdString('shipment') }, { additionalProperties: false });

export const CreateShipmentQuerySchema = Type.Object(
  { issue: Type.Optional(Type.Boolean({ default: false, description: 'Create and issue in one call.' })), ...TestClockQueryProperty },
  { additionalProperties: false },
);

export const ListShipmentsQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    status: Type.Optional(StringEnum(SHIPMENT_STATUSES)),
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Exactly this reference.' })),
    transport_type: Type.Optional(StringEnum(TRANSPORT_TYPES)),
    created_gte: Type.Optional(DateTimeString({ description: 'Only shipments created at or after this time.' })),
    created_lt: Type.Optional(DateTimeString({ description: 'Only shipments created before this time.' })),
  },
  { additionalProperties: false },
);
export type ListShipmentsQuery = Static<typeof ListShipmentsQuerySchema>;

export const ListShipmentEventsQuerySchema = Type.Object(
  {
    limit: pageQueryProperties.limit,
    cursor: pageQueryProperties.cursor,
  },
  { additionalProperties: false },
);

export const CancelShipmentBodySchema = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Why; kept on the shipment and in the event.' })) },
  { additionalProperties: false, $id: 'CancelShipment' },
);
export type CancelShipmentBody = Static<typeof CancelShipmentBodySchema>;
