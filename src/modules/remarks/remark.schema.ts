/**
 * Schemas of remarks (reservations): the resource, its page, the body of a remark made through the
 * API (service description, Remark create) and the smaller body a signer sends from a sign link.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { ProviderEvidenceField } from '../signatures/signature.schema.js';
import { SIGNATURE_ROLES } from '../signatures/signature-rules.js';

export const REMARK_PHASES = ['pickup', 'delivery', 'takeover'] as const;
export const REMARK_TYPES = ['damage', 'shortage', 'delay', 'other'] as const;
export const MAX_REMARK_TEXT = 2000;
export const MAX_REMARK_PHOTOS = 5;

export const Phase = StringEnum(REMARK_PHASES, {
  description:
    '`pickup`: the carrier\'s reservations on taking the goods over (box 18), while the shipment is `issued`. `takeover`: a successive carrier\'s reservations on taking the goods and the note over (CMR article 35; box 18 under its name), while it is `in_transit` and before that carrier signs. `delivery`: the consignee\'s reservations, while it is `in_transit`.',
});
export const RemarkType = StringEnum(REMARK_TYPES, { description: 'What the reservation is about.' });
/** A photo taken with a remark on a phone (the driver's app, the signing page): remark-photo-uploads.ts judges it. */
export const PhotoDataUrl = Type.String({
  maxLength: 14_000_000,
  description:
    'An image data URL (`data:image/jpeg;base64,…`; JPEG, PNG, WebP or HEIC by content: anything else is 415 `unsupported_media_type`), at most 10 MiB decoded and 50 megapixels (50,000,000 pixels, 16,384 a side, read from its header; more is 422 `validation_failed` with an `image_too_large` finding on `$.photos[i]`, and none of the photos is stored).',
});
export const Text = Type.String({ maxLength: MAX_REMARK_TEXT, description: `What was observed, at most ${MAX_REMARK_TEXT} characters; printed on the consignment note.` });

export const RemarkSchema = Type.Object(
  {
    id: IdString('remark'),
    shipment_id: IdString('shipment'),
    phase: Phase,
    successive_index: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'For `takeover`: the successive carrier\'s position in `successive_carriers`, from 0; otherwise null.' }),
    type: RemarkType,
    text: Type.Union([Text, Type.Null()]),
    photo_document_ids: Type.Array(IdString('document'), { description: 'Photos of the same shipment (documents of kind `photo`), in the order given.' }),
    source: StringEnum(['api', 'sign_link', 'provider'] as const, { description: '`api`: made with an API key. `sign_link`: made by a signer on the signing page. `provider`: made at another eCMR provider the note was handed to, which reported it by webhook (docs/providers.md).' }),
    role: Type.Union([StringEnum(SIGNATURE_ROLES), Type.Null()], { description: 'For a remark from a sign link: the role of the link\'s signer; otherwise null.' }),
    signature_request_id: Type.Union([IdString('signature_request'), Type.Null()], { description: 'For a remark from a sign link: the request (link) it was made through.' }),
    event_id: Type.String({ description: 'The `remark.created` event in the shipment\'s chain.' }),
    rendered_document_id: IdString('document', { description: 'The consignment-note version rendered with this remark in its box.' }),
    created_at: Type.String({ format: 'date-time' }),
    captured_at: Type.Optional(Type.String({ format: 'date-time', description: 'Made from the driver routes: when the driver made it on the phone (possibly offline, before `created_at`) (docs/driver.md).' })),
    provider: ProviderEvidenceField('Source `provider`: what the eCMR provider reported of the remark; otherwise null.'),
  },
  { $id: 'Remark', description: 'A reservation at pickup or delivery. Remarks are evidence: never changed or deleted.' },
);

export const RemarkPageSchema = PageOf(Type.Ref(RemarkSchema), 'RemarkPage');

export const CreateRemarkSchema = Type.Object(
  {
    phase: Phase,
    successive_index: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 9, description: 'Required for `takeover`, refused for the other phases: the successive carrier\'s position in `successive_carriers`, from 0.' }),
    ),
    type: RemarkType,
    text: Type.Optional(Text),
    photo_document_ids: Type.Optional(
      Type.Array(IdString('document'), {
        maxItems: MAX_REMARK_PHOTOS,
        uniqueItems: true,
        description: `At most ${MAX_REMARK_PHOTOS}: documents of kind \`photo\` already uploaded to this shipment (\`POST /v1/shipments/{id}/documents\`).`,
      }),
    ),
  },
  { $id: 'CreateRemark', additionalProperties: false },
);
export type CreateRemark = Static<typeof CreateRemarkSchema>;

export const CreateSignLinkRemarkSchema = Type.Object(
  {
    type: RemarkType,
    text: Type.Optional(Text),
    photos: Type.Optional(Type.Array(PhotoDataUrl, { maxItems: MAX_REMARK_PHOTOS, description: `At most ${MAX_REMARK_PHOTOS} photos from the phone's camera, each stored as a document of kind \`photo\` of the shipment and named by the remark.` })),
    otp_verified_token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Required when the link requires a one-time password: the token of `POST /v1/sign/{token}/otp/verify`. A remark does not use it up; the submit does.' }),
    ),
  },
  { $id: 'CreateSignLinkRemark', additionalProperties: false, description: 'The phase is the one of the link\'s role: pickup for consignor and carrier, takeover for a successive carrier (its own), delivery for the consignee.' },
);
export type CreateSignLinkRemark = Static<typeof CreateSignLinkRemarkSchema>;

export const ListRemarksQuerySchema = Type.Object(
  { ...pageQueryProperties, phase: Type.Optional(StringEnum(REMARK_PHASES, { description: 'Only remarks of this phase.' })) },
  { additionalProperties: false },
);
export type ListRemarksQuery = Static<typeof ListRemarksQuerySchema>;

/** A remark's photo as the pages show it (remark-photo-files.ts); `thumbnail` says which credential opens it. */
export const RemarkPhotoFile = (thumbnail: string) =>
  Type.Object({
    document_id: IdString('document'),
    content_type: Type.String({ description: 'The stored photo\'s media type, sniffed from its bytes at upload.' }),
    sha256: Type.String({ description: 'SHA-256 of the stored photo, as recorded in the shipment\'s event chain (`shipment.document_added`).' }),
    captured_at: Type.String({ format: 'date-time', description: 'When it was taken: the remark\'s `captured_at` when the phone kept the remark first (the driver\'s offline queue), else when the photo reached the service.' }),
    thumbnail_url: Type.String({ description: `A JPEG of at most 480 pixels a side, upright, without metadata (a photo that cannot be scaled, such as HEIC, as stored). ${thumbnail}` }),
  });

/** What the signing page lists: the remarks of the link's phase. */
export const SignRemarkSchema = Type.Object({
  id: Type.String(),
  phase: StringEnum(REMARK_PHASES),
  successive_index: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  type: StringEnum(REMARK_TYPES),
  text: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  photos: Type.Array(RemarkPhotoFile('Opened with this sign link: `GET /v1/sign/{token}/photos/{document_id}`.'), { description: 'The remark\'s photos, in the order it names them.' }),
});

export const SignPhotoParamsSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the sign link.' }),
    // Any string: an id that names no photo the page shows is `not_found`, like one of another shipment.
    document_id: Type.String({ maxLength: 100, description: 'A photo named in `remarks[].photos` of the sign context.' }),
  },
  { additionalProperties: false },
);
