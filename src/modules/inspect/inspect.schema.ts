/** Schemas of the inspect area: the inspection document behind the QR code and the view log. */
import { Type, type Static } from '@sinclair/typebox';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { RemarkPhotoFile } from '../remarks/remark.schema.js';
import { SHIPMENT_STATUSES } from '../shipments/shipment-status.js';
import { TRANSPORT_TYPES } from '../shipments/shipment-input.schema.js';
import { SIGNATURE_ROLES } from '../signatures/signature-rules.js';

const NullableString = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});
const NullableTime = (description?: string) => Type.Union([DateTimeString(), Type.Null()], description ? { description } : {});

export const InspectionPhotoParamsSchema = Type.Object(
  {
    token: Type.String({ description: 'The token of the inspection link (the QR code on the note).' }),
    // Any string: an id that names no photo of this shipment is `not_found`, after the token is judged.
    document_id: Type.String({ maxLength: 100, description: 'A photo named in `remarks[].photo_files` of this inspection.' }),
  },
  { additionalProperties: false },
);

export const InspectionTokenParamsSchema = Type.Object(
  // Any string: a token of another shape is `not_found` like an unknown one, not a validation error.
  { token: Type.String({ description: 'The token of the inspection link (the QR code on the note).' }) },
  { additionalProperties: false },
);

export const InspectionSchema = Type.Object(
  {
    shipment: Type.Object({
      id: Type.String({ description: 'The `shp_` id.' }),
      status: StringEnum(SHIPMENT_STATUSES),
      mode: StringEnum(['test', 'live'] as const, { description: '`test`: a sandbox document, not a real consignment note.' }),
      reference: NullableString("The client's reference printed on the note."),
      transport_type: StringEnum(TRANSPORT_TYPES),
      issued_at: NullableTime(),
      delivered_at: NullableTime(),
      cancelled_at: NullableTime(),
    }),
    note: Type.Object(
      {
        document_id: NullableString('The current version of the consignment note.'),
        version: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
        language: NullableString('Language of its printed labels.'),
        data: Type.Object({}, { additionalProperties: true, description: 'The shipment fields the note prints, as stored (the shipment input without `driver` and `principal`).' }),
      },
      { description: 'The current version of the note.' },
    ),
    versions: Type.Array(
      Type.Object({
        document_id: Type.String(),
        version: Type.Integer({ minimum: 1 }),
        sha256: Type.String({ description: 'SHA-256 of the PDF, lowercase hex.' }),
        created_at: DateTimeString(),
        cause: Type.Object({ event_id: Type.String(), event_type: Type.String() }, { description: 'The event that made this version.' }),
        url: Type.String({ description: 'Signed download link of the PDF, without an API key.' }),
        url_expires_at: DateTimeString(),
      }),
      { description: 'Every version of the consignment note, oldest first; the last is current.' },
    ),
    signatures: Type.Array(
      Type.Object({
        role: StringEnum(SIGNATURE_ROLES),
        successive_index: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
        phase: StringEnum(['pickup', 'delivery'] as const),
        level: StringEnum(['platform_auth', 'ades', 'qes'] as const),
        method: StringEnum(['drawn', 'typed', 'platform', 'trust_service', 'provider'] as const),
        signer_name: Type.String(),
        signed_at: DateTimeString(),
        document_sha256: Type.String({ description: 'SHA-256 of the version the signer was shown.' }),
      }),
      { description: 'In the order given; without the evidence (addresses, user agents, locations, one-time-password and identification references).' },
    ),
    remarks: Type.Array(
      Type.Object({
        phase: StringEnum(['pickup', 'delivery', 'takeover'] as const, { description: '`takeover`: a successive carrier\'s reservations on taking the goods over.' }),
        successive_index: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'For `takeover`: the successive carrier\'s position in `successive_carriers`, from 0.' }),
        type: StringEnum(['damage', 'shortage', 'delay', 'other'] as const),
        text: NullableString(),
        role: Type.Union([StringEnum(SIGNATURE_ROLES), Type.Null()], { description: 'The signer who made it from a sign link; null through the API.' }),
        photos: Type.Integer({ minimum: 0, description: 'Number of photos attached.' }),
        photo_files: Type.Array(RemarkPhotoFile('Opened with this inspection link only: `GET /v1/inspect/{token}/photos/{document_id}`.'), { description: 'The photos, in the order the remark names them.' }),
        created_at: DateTimeString(),
      }),
      { description: 'Reservations, oldest first.' },
    ),
    integrity: Type.Object(
      {
        verdict: StringEnum(['intact', 'broken'] as const, { description: '`intact` when the chain, the PDF hash and the seal all check.' }),
        chain: Type.Object(
          { valid: Type.Boolean(), events_checked: Type.Integer(), first_bad_seq: Type.Union([Type.Integer(), Type.Null()]) },
          { description: 'As `GET /v1/shipments/{id}/integrity` reports it.' },
        ),
        document: Type.Union(
          [
            Type.Object({
              id: Type.String(),
              version: Type.Integer(),
              sha256_matches: Type.Boolean({ description: 'The stored PDF still has the SHA-256 recorded when it was made.' }),
              seal_valid: Type.Boolean({ description: 'Its PAdES seal verifies over the whole file.' }),
            }),
            Type.Null(),
          ],
          { description: 'The current PDF; null when none can be read.' },
        ),
        checked_at: DateTimeString({ description: 'When the checks ran.' }),
      },
      { description: 'Checked again whenever the chain head, the current note, its stored file or the organisation\'s erasures change, else at most five minutes old.' },
    ),
    efti: Type.Object({
      uil: Type.Object(
        { gate_id: NullableString(), platform_id: NullableString(), dataset_id: NullableString() },
        { description: 'The eFTI unique identifier link; the gate and platform ids are null until eFTI is configured.' },
      ),
      follow_ups: Type.Array(
        Type.Object({ received_at: DateTimeString(), gate_id: NullableString(), message: Type.String() }),
        { description: 'Follow-up requests the eFTI gate sent about this dataset, oldest first.' },
      ),
    }),
  },
  { $id: 'Inspection', description: 'What an inspector sees of one consignment note.' },
);

export const InspectionViewSchema = Type.Object(
  {
    id: IdString('inspection_view'),
    shipment_id: IdString('shipment'),
    viewed_at: DateTimeString(),
    channel: StringEnum(['json', 'page', 'gate', 'federated'] as const, { description: '`json` GET /v1/inspect/{token}, `page` /inspect/{token}, `gate` a request of the eFTI gate, `federated` a delegated platform.' }),
    ip: NullableString(),
    user_agent: NullableString(),
    language: NullableString('The language the answer was given in (`page`), or the one Accept-Language picked (`json`).'),
    outcome: Type.String({ description: '`ok`, or the code answered: `token_expired`, `rate_limited` (at most one per address, link and minute), `token_revoked`, `unauthorized`…' }),
    viewer: NullableString('Who looked, where known: the gate id, the grantee platform id.'),
    details: Type.Object({}, { additionalProperties: true, description: 'Channel details. `gate` (the Impl. Reg. (EU) 2025/2243 Art. 3 audit): `dataset_id` and the `subsets` asked for, or `dataset_id` and the `follow_up_id` of a follow-up. `federated`: the delegation used.' }),
    event_id: Type.String({ description: 'The `shipment.inspected` event.' }),
  },
  { $id: 'InspectionView' },
);

export const InspectionViewPageSchema = PageOf(Type.Ref(InspectionViewSchema), 'InspectionViewPage');

export const ListInspectionViewsQuerySchema = Type.Object(pageQueryProperties, { additionalProperties: false });
export type ListInspectionViewsQuery = Static<typeof ListInspectionViewsQuerySchema>;

export const InspectionPageQuerySchema = Type.Object(
  { lang: Type.Optional(Type.String({ maxLength: 35, description: 'One of the 24 official EU languages (`bg`, `cs`, `da`, `de`, `el`, `en`, `es`, `et`, `fi`, `fr`, `ga`, `hr`, `hu`, `it`, `lt`, `lv`, `mt`, `nl`, `pl`, `pt`, `ro`, `sk`, `sl`, `sv`): the page in that language whatever the browser asks; others are ignored.' })) },
  { additionalProperties: true },
);
