/**
 * The body of PATCH /v1/shipments/{id}: a JSON merge patch (RFC 7396) of the input fields. It is
 * documented here; the use case validates the merged document, not the patch.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { CHANGEABLE_AFTER_ISSUE } from './frozen-fields.js';
import { shipmentInputProperties } from './shipment-input.schema.js';

const nullable = (schema: TSchema) => Type.Optional(Type.Union([schema, Type.Null()]));

export const ShipmentPatchSchema = Type.Object(
  Object.fromEntries(Object.entries(shipmentInputProperties).map(([key, schema]) => [key, nullable(schema)])),
  {
    additionalProperties: false,
    $id: 'ShipmentPatch',
    description: 'Fields to change. Objects merge member by member, `null` removes a field, arrays replace the whole list.',
  },
);

const list = (status: 'issued' | 'in_transit') => [...(CHANGEABLE_AFTER_ISSUE[status] ?? [])].map((f) => `\`${f}\``).join(', ');

export const UPDATE_DESCRIPTION = `JSON merge patch (RFC 7396), sent as \`application/merge-patch+json\` or \`application/json\`.
The merged shipment is validated like a create (422 \`validation_failed\`). A patch that changes nothing returns the shipment unchanged and emits no event.

Once issued the consignment-note fields are frozen; changing one answers 409 \`field_frozen\` with a finding per field.
Fields that may still change:

- \`issued\`: ${list('issued')}
- \`in_transit\`: ${list('in_transit')}

A \`delivered\` or \`cancelled\` shipment no longer changes: 409 \`shipment_immutable\`.`;
