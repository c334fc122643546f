/** Schemas of signatures: the resource, its list, and the body of a signature recorded through the API. */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { CoordinatesSchema } from '../shipments/shipment-input.schema.js';
import { SIGNATURE_ROLES } from './signature-rules.js';

/** What an eCMR provider reported of a signature or remark it recorded (docs/providers.md); shared by remark.schema.ts. */
export const ProviderEvidenceField = (description: string) =>
  Type.Union(
    [
      Type.Object({
        provider_id: Type.String({ description: 'The provider (catalogue id).' }),
        event_id: Type.String({ description: "The provider's id of the webhook event that reported it." }),
        provider_ref: Type.String({ description: "The provider's id of the note." }),
        occurred_at: Type.String({ format: 'date-time', description: 'When it happened, by the provider.' }),
        record: Type.Object({}, { additionalProperties: true, description: "The provider's own record, as it sent it." }),
      }),
      Type.Null(),
    ],
    { description },
  );

/** Where a successive carrier takes the goods over: the place printed in box 17 beside the time. */
export const TakeoverPlace = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'Only for `successive_carrier`: where it takes the goods and the note over, in words (`Venlo, NL`), printed in box 17 with the time of signing. Another role with a place is 422 `validation_failed`.',
});

export const SignatureSchema = Type.Object(
  {
    id: IdString('signature'),
    shipment_id: IdString('shipment'),
    role: StringEnum(SIGNATURE_ROLES),
    successive_index: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Position in `successive_carriers` (from 0) for a successive carrier; otherwise null.' }),
    phase: StringEnum(['pickup', 'delivery'] as const, { description: 'Consignor, carrier and successive carriers sign at pickup (taking over); the consignee at delivery.' }),
    method: StringEnum(['drawn', 'typed', 'platform', 'trust_service', 'provider'] as const, { description: '`platform`: recorded through the API for an authenticated party. `trust_service`: signed at `ades`/`qes` through a trust service (a drawn image, if any, is kept too). `provider`: given at another eCMR provider the note was handed to, which reported it by webhook (`evidence.provider`; docs/providers.md).' }),
    level: StringEnum(['platform_auth', 'ades', 'qes'] as const),
    signer_name: Type.String(),
    signed_at: Type.String({ format: 'date-time' }),
    place: Type.Union([Type.String(), Type.Null()], {
      description: 'A successive carrier\'s signature: where it took the goods over (CMR article 35), printed with `signed_at` in box 17 of the note; null for other roles or when not given.',
    }),
    evidence: Type.Object({
      document_id: Type.String({ description: 'The consignment-note version shown to the signer.' }),
      document_sha256: Type.String({ description: 'Its SHA-256: what was signed.' }),
      ip: Type.Union([Type.String(), Type.Null()]),
      user_agent: Type.Union([Type.String(), Type.Null()]),
      location: Type.Union([Type.Object({ lat: Type.Number(), lng: Type.Number(), accuracy_m: Type.Optional(Type.Number()) }), Type.Null()]),
      otp_reference: Type.Union([Type.String(), Type.Null()]),
      identification_reference: Type.Union([Type.String(), Type.Null()], { description: 'At `ades`/`qes`: the identification (`idn_…`) the signature used.' }),
      has_image: Type.Boolean({ description: 'A drawn signature image is kept (and printed on the note).' }),
      signature_request_id: Type.Union([Type.String(), Type.Null()], { description: 'The sign link it was given through.' }),
      handoff_from: Type.Union([Type.String(), Type.Null()], { description: 'For a signature given on a handed-over device: the sign link (request id) of the signer who handed it over.' }),
      trust_signature: Type.Union(
        [
          Type.Object({
            provider: Type.String({ description: 'The trust service (`sandbox-simulator` in sandbox).' }),
            provider_reference: Type.String({ description: 'The trust service\'s reference of the identification.' }),
            credential_id: Type.String({ description: 'The credential (key and certificate) that signed.' }),
            hash_algorithm: Type.String({ description: 'OID of the hash signed: SHA-256 (`2.16.840.1.101.3.4.2.1`) of `document_sha256`.' }),
            sign_algorithm: Type.String({ description: 'OID of the signature algorithm.' }),
            signature_value: Type.String({ description: 'The signature value, base64.' }),
            certificate: Type.Optional(Type.String({ description: 'The credential\'s certificate (base64 DER): verifies `signature_value` over the SHA-256 of the version shown, without asking the provider.' })),
          }),
          Type.Null(),
        ],
        { description: 'At `ades`/`qes` (method `trust_service`): the trust service\'s signature over the SHA-256 of the version shown.' },
      ),
      simulated: Type.Boolean({
        description: 'Sandbox only: `true` when the signature was made by `POST /v1/test/shipments/{id}/simulate`, not by a person; the note and the proof of delivery print the method as `… (simulated)`. Always `false` in live.',
      }),
      captured_at: Type.Optional(
        Type.String({ format: 'date-time', description: 'Signed from the driver routes: when the driver signed on the phone (possibly offline, before `signed_at`) (docs/driver.md).' }),
      ),
      provider: ProviderEvidenceField('Method `provider`: what the eCMR provider reported of the signature; otherwise null.'),
    }),
    event_id: Type.String({ description: 'The `signature.completed` event.' }),
    rendered_document_id: Type.String({ description: 'The consignment-note version rendered with this signature in its box.' }),
  },
  { $id: 'Signature' },
);

export const SignaturePageSchema = PageOf(Type.Ref(SignatureSchema), 'SignaturePage');

/** The order is fixed (the order given), so the query takes no `order`. */
export const ListSignaturesQuerySchema = Type.Object({ limit: pageQueryProperties.limit, cursor: pageQueryProperties.cursor }, { additionalProperties: false });
export type ListSignaturesQuery = Static<typeof ListSignaturesQuerySchema>;

export const RecordSignatureSchema = Type.Object(
  {
    role: StringEnum(SIGNATURE_ROLES, { description: 'The party signing.' }),
    successive_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'For `successive_carrier`: its position in `successive_carriers`, from 0.' })),
    signer_name: Type.String({ minLength: 1, maxLength: 200, description: 'The person who signs for the party.' }),
    location: Type.Optional(Type.Ref(CoordinatesSchema, { description: 'Where it was signed (WGS 84).' })),
    place: Type.Optional(TakeoverPlace),
  },
  { $id: 'RecordSignature', additionalProperties: false },
);
export type RecordSignature = Static<typeof RecordSignatureSchema>;
