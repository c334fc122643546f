/**
 * Shipment templates (docs/shipment-templates.md): the fields of a recurring lane that repeat from
 * one shipment to the next — parties, pickup and delivery, goods, instructions and charges — under a
 * name. Each field is the shipment input's own schema part (shipment-input.schema.ts), with its
 * limits, so a template holds nothing a shipment could not; every field is optional, because a
 * template may leave any of them to the shipment made from it. Business rules run on that shipment,
 * never on the template.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { shipmentInputProperties } from '../shipments/shipment-input.schema.js';

const strict = { additionalProperties: false } as const;

/** The shipment fields a template may hold; the others (reference, vehicle, driver, …) belong to each shipment. */
export const TEMPLATE_FIELDS = [
  'consignor',
  'consignee',
  'carrier',
  'principal',
  'successive_carriers',
  'pickup',
  'delivery',
  'goods',
  'charges',
  'sender_instructions',
  'special_agreements',
] as const satisfies readonly (keyof typeof shipmentInputProperties)[];
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

const templateFields = Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, shipmentInputProperties[field]])) as Pick<typeof shipmentInputProperties, TemplateField>;
const name = Type.String({ minLength: 1, maxLength: 200, description: 'What the lane is called in your systems, such as `Rotterdam → Lyon, weekly`.' });

export const ShipmentTemplateInputSchema = Type.Object(
  { name, ...templateFields },
  {
    ...strict,
    $id: 'ShipmentTemplateInput',
    description: 'Body of `POST /v1/shipment-templates`: a name and any of the shipment fields a template holds, each with the limits of the shipment input.',
  },
);
export type ShipmentTemplateInput = Static<typeof ShipmentTemplateInputSchema>;

const nullable = (schema: TSchema) => Type.Optional(Type.Union([schema, Type.Null()]));

export const ShipmentTemplatePatchSchema = Type.Object(
  { name: Type.Optional(name), ...Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, nullable(shipmentInputProperties[field])])) },
  {
    ...strict,
    $id: 'ShipmentTemplatePatch',
    description: 'Fields to change (JSON merge patch, RFC 7396). Objects merge member by member, `null` removes a field, arrays replace the whole list. The merged template is checked like a new one.',
  },
);

export const ShipmentTemplateSchema = Type.Object(
  {
    id: Type.String({ description: 'The `stpl_` id.' }),
    mode: StringEnum(['test', 'live'] as const, { description: 'The mode it was made in: only shipments of that mode can use it.' }),
    name,
    ...templateFields,
    created_at: DateTimeString(),
    updated_at: DateTimeString(),
  },
  { $id: 'ShipmentTemplate', description: 'The fields of a recurring lane, which `POST /v1/shipments` with `template_id` fills a new shipment from.' },
);

export const ShipmentTemplatePageSchema = PageOf(Type.Ref('ShipmentTemplate'), 'ShipmentTemplatePage');

export const ShipmentTemplateParamsSchema = Type.Object({ id: IdString('shipment_template') }, strict);

export const ListShipmentTemplatesQuerySchema = Type.Object(
  { ...pageQueryProperties, name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only the templates of exactly this name.' })) },
  strict,
);
export type ListShipmentTemplatesQuery = Static<typeof ListShipmentTemplatesQuerySchema>;

export const SHIPMENT_TEMPLATE_SCHEMAS = [ShipmentTemplateInputSchema, ShipmentTemplatePatchSchema, ShipmentTemplateSchema, ShipmentTemplatePageSchema] as const;
