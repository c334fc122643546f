/**
 * Schemas of the privacy area (docs/privacy.md): the data subject an erasure is
 * about, the request body, and the report a dry run and an erasure answer (where, never what).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { COUNTRY_PATTERN, E164_PATTERN } from '../shipments/shipment-input.schema.js';

const strict = { additionalProperties: false } as const;

export const SUBJECT_KINDS = ['email', 'phone', 'name_address', 'party_reference'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export const ERASED_RESOURCES = [
  'shipment',
  'shipment_event',
  'event',
  'webhook_delivery',
  'signature',
  'signature_request',
  'sign_identification',
  'remark',
  'disposal_instruction',
  'notification',
  'tour',
  'request_log',
  'idempotency_key',
  'invitation',
  'shipment_template',
] as const;
export type ErasedResource = (typeof ERASED_RESOURCES)[number];

export const RETAINED_RESOURCES = ['document', 'signature_image', 'signature_evidence'] as const;

export const SubjectAddressSchema = Type.Object(
  {
    street: Type.String({ minLength: 1, maxLength: 200 }),
    postal_code: Type.Optional(Type.String({ maxLength: 20, description: 'Compared when both this and the stored address have one.' })),
    city: Type.String({ minLength: 1, maxLength: 120 }),
    country: Type.String({ pattern: COUNTRY_PATTERN, description: 'ISO 3166-1 alpha-2, upper case.' }),
  },
  { ...strict, $id: 'ErasureSubjectAddress', description: 'The address a name is known at: street, city and country must all match (case and spacing ignored).' },
);

export const ErasureSubjectSchema = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254, description: 'An e-mail address (case ignored).' })),
    phone: Type.Optional(Type.String({ pattern: E164_PATTERN, description: 'A phone number in E.164, such as `+31612345678`.' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A name; only together with `address`.' })),
    address: Type.Optional(Type.Ref(SubjectAddressSchema)),
    party_reference: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "A party's own `reference` as the shipments carry it." })),
  },
  {
    ...strict,
    $id: 'ErasureSubject',
    description:
      'Exactly one way to name the person: `email`, `phone`, `name` with `address`, or `party_reference`. None, a name without an address, or two of them is 422 `validation_failed`.',
  },
);
export type ErasureSubject = Static<typeof ErasureSubjectSchema>;

export const CreateErasureBodySchema = Type.Object(
  {
    subject: Type.Ref(ErasureSubjectSchema),
    dry_run: Type.Boolean({ description: '`true`: report what would be erased and change nothing. `false`: erase it.' }),
  },
  { ...strict, $id: 'CreateErasure' },
);
export type CreateErasureBody = Static<typeof CreateErasureBodySchema>;

export const ErasureLocationSchema = Type.Object(
  {
    resource: StringEnum(ERASED_RESOURCES, { description: 'The kind of record (`request_log`: a stored batch of request-log rows).' }),
    id: Type.String({ description: 'Its id (a `shipment_event` is named by its event id; a `request_log` batch by its first request id).' }),
    fields: Type.Array(Type.String(), { description: 'Field paths whose values are (or would be) replaced by `[erased]` or removed, such as `consignee.contact.email`.' }),
    count: Type.Integer({ description: 'Number of field paths.' }),
  },
  { ...strict, $id: 'ErasureLocation' },
);

export const RetainedItemSchema = Type.Object(
  {
    resource: StringEnum(RETAINED_RESOURCES, { description: '`document`: a sealed PDF version or invoice; `signature_image`: a drawn signature; `signature_evidence`: a trust-service signature and its certificate.' }),
    id: Type.String({ description: 'The document id, or the signature id of a signature image or evidence.' }),
    shipment_id: IdString('shipment'),
    legal_basis: Type.String({ description: 'The retention duty that keeps it (docs/privacy.md).' }),
    erase_after: DateTimeString({ description: 'When the purge job erases it: the end of the retention duty.' }),
  },
  { ...strict, $id: 'RetainedItem' },
);

export const ErasureReportSchema = Type.Object(
  {
    id: Type.Union([IdString('erasure'), Type.Null()], { description: 'The erasure; null for a dry run, which stores nothing.' }),
    mode: StringEnum(['test', 'live'] as const, { description: "The key's mode: an erasure covers one organisation in one mode." }),
    dry_run: Type.Boolean(),
    status: StringEnum(['dry_run', 'completed'] as const),
    subject_kind: StringEnum(SUBJECT_KINDS, { description: 'How the subject was named; the values are never stored.' }),
    locations: Type.Array(Type.Ref(ErasureLocationSchema), { description: 'Every record that held the subject\'s personal data, in a stable order.' }),
    counts: Type.Record(Type.String(), Type.Integer(), { description: 'Records per resource.' }),
    fields_erased: Type.Integer({ description: 'Field paths in all locations.' }),
    retained: Type.Array(Type.Ref(RetainedItemSchema), { description: 'Kept under a legal retention duty and erased by the purge job after `erase_after`.' }),
    created_at: DateTimeString(),
  },
  { ...strict, $id: 'Erasure', description: 'What an erasure of a data subject erased (or a dry run would), where; never the values.' },
);
export type ErasureReport = Static<typeof ErasureReportSchema>;
export type ErasureLocation = Static<typeof ErasureLocationSchema>;
export type RetainedItem = Static<typeof RetainedItemSchema>;

export const ErasureParamsSchema = Type.Object({ id: IdString('erasure') });

export const PRIVACY_SCHEMAS = [SubjectAddressSchema, ErasureSubjectSchema, CreateErasureBodySchema, ErasureLocationSchema, RetainedItemSchema, ErasureReportSchema] as const;
