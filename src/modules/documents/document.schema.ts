/** Schemas of documents: the metadata, its page, the upload's kind, and signed download URLs. */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { UPLOAD_KINDS } from './media-types.js';

export const DOCUMENT_KINDS = ['consignment_note', 'attachment', 'photo', 'pod', 'invoice'] as const;

const DocumentId = IdString('document');

export const DocumentSchema = Type.Object(
  {
    id: DocumentId,
    shipment_id: IdString('shipment'),
    kind: StringEnum(DOCUMENT_KINDS, {
      description: '`consignment_note`: a version of the eCMR as PDF, rendered by the service. `attachment` and `photo`: uploaded. `invoice`: the UBL XML of the shipment\'s e-invoice. `pod`: the proof of delivery as PDF, rendered at its first request (`GET /v1/shipments/{id}/pod`).',
    }),
    version: Type.Integer({ minimum: 1, description: 'Version of the consignment note, from 1 (issue) up; 1 for uploads. Versions are immutable.' }),
    content_type: Type.String({ description: 'Media type of the bytes, as sniffed from them (never taken from the upload\'s header).' }),
    size: Type.Integer({ description: 'Bytes.' }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the bytes, lowercase hex: what a signer saw, what a download must match.' }),
    filename: Type.Union([Type.String(), Type.Null()], { description: 'The uploaded file\'s name; for notes, the name a download is saved as.' }),
    language: Type.Union([Type.String(), Type.Null()], { description: 'Language of a note\'s printed labels.' }),
    cause: Type.Object(
      {
        event_id: Type.String({ description: 'The `evt_` id of the shipment event that caused this document.' }),
        event_type: Type.String({ description: 'Its type: `shipment.issued` for version 1, `shipment.document_added` for an upload…' }),
      },
      { description: 'What caused this document: an event in the shipment\'s chain.' },
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Document', description: 'A stored document. Its bytes are fetched through a signed download URL; storage locations are never shown.' },
);

export const DocumentPageSchema = PageOf(Type.Ref(DocumentSchema), 'DocumentPage');

export const DocumentParamsSchema = Type.Object({ id: DocumentId }, { additionalProperties: false });

export const ListDocumentsQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    kind: Type.Optional(StringEnum(DOCUMENT_KINDS, { description: 'Only documents of this kind.' })),
  },
  { additionalProperties: false },
);
export type ListDocumentsQuery = Static<typeof ListDocumentsQuerySchema>;

export const UploadQuerySchema = Type.Object(
  {
    kind: Type.Optional(StringEnum(UPLOAD_KINDS, { description: 'For a raw upload (the file as the body): `attachment` or `photo`. A multipart upload names it in its `kind` field.' })),
    filename: Type.Optional(Type.String({ maxLength: 200, description: 'For a raw upload: the file\'s name, kept with the document.' })),
  },
  { additionalProperties: false },
);

/** The multipart form, as documented; the handler reads it (see upload-parsers.ts). */
export const UploadFormSchema = Type.Object(
  {
    kind: StringEnum(UPLOAD_KINDS, { description: '`attachment`: PDF, JPEG or PNG. `photo`: JPEG, PNG, HEIC or WebP.' }),
    file: Type.String({ format: 'binary', description: 'The file, at most 20 MiB. Its media type is sniffed from its bytes. An image may have at most 50 megapixels (50,000,000 pixels, 16,384 a side, read from its header): more is 422 `validation_failed` with an `image_too_large` finding on `$.file`.' }),
  },
  { additionalProperties: false },
);

export const MIN_LINK_SECONDS = 60;
export const MAX_LINK_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_LINK_SECONDS = 15 * 60;

export const CreateDownloadUrlSchema = Type.Object(
  {
    expires_in: Type.Optional(
      Type.Integer({ minimum: MIN_LINK_SECONDS, maximum: MAX_LINK_SECONDS, description: `Seconds the link works: ${MIN_LINK_SECONDS} to ${MAX_LINK_SECONDS} (7 days); default ${DEFAULT_LINK_SECONDS} (15 minutes).` }),
    ),
  },
  { $id: 'CreateDownloadUrl', additionalProperties: false },
);
export type CreateDownloadUrl = Static<typeof CreateDownloadUrlSchema>;

export const DownloadUrlSchema = Type.Object(
  {
    url: Type.String({ description: 'Works without an API key until `expires_at`; then 410 `link_expired`. An edited link gives 403.' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'DownloadUrl' },
);
