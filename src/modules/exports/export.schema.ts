/** Schemas of GDPR exports (docs/export.md): the export, its progress and its list. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { EXPORT_STATUSES } from './export-status.js';

const strict = { additionalProperties: false } as const;
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const ExportProgressSchema = Type.Object(
  {
    files: Count('Files of the zip written so far.'),
    records: Count('JSON records written so far, over every file.'),
    documents: Count('Stored documents copied into the zip so far.'),
    documents_total: Count('Stored documents the export will hold.'),
    bytes: Count('Bytes of documents copied so far.'),
    bytes_total: Count('Bytes of documents the export will hold.'),
  },
  { ...strict, $id: 'ExportProgress', description: 'How far the export is; final counts once it completed.' },
);

export const ExportSchema = Type.Object(
  {
    id: IdString('export'),
    status: StringEnum(EXPORT_STATUSES, { description: '`running` while the job writes the zip, then `completed` or `failed`.' }),
    progress: Type.Ref(ExportProgressSchema),
    created_at: DateTimeString(),
    completed_at: Nullable(DateTimeString()),
    failed_at: Nullable(DateTimeString()),
    error: Nullable(Type.String({ description: 'Why a failed export failed.' })),
    size: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Bytes of the zip, once completed.' }),
    sha256: Nullable(Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the zip, lowercase hex, once completed.' })),
    download_url: Nullable(Type.String({ description: 'Signed link to the zip, once completed: works without an API key until `download_url_expires_at`, then 410 `link_expired`.' })),
    download_url_expires_at: Nullable(DateTimeString()),
    expires_at: Nullable(DateTimeString({ description: 'When the zip and this record are deleted.' })),
  },
  { ...strict, $id: 'Export', description: 'A GDPR export of the organisation\'s data in the key\'s mode (docs/export.md).' },
);
export type ExportBody = Static<typeof ExportSchema>;

export const ExportPageSchema = PageOf(Type.Ref('Export'), 'ExportPage');

export const ListExportsQuerySchema = Type.Object({ ...pageQueryProperties }, strict);
export type ListExportsQuery = Static<typeof ListExportsQuerySchema>;

export const ExportParamsSchema = Type.Object({ id: IdString('export') }, strict);
export const ExportFileQuerySchema = Type.Object({ expires: Type.Optional(Type.String()), signature: Type.Optional(Type.String()) });
