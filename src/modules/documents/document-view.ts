/** A document as the API shows it: metadata and its cause, never where the bytes are stored. */
import type { DocumentRow } from './documents.repository.js';

export function documentView(row: DocumentRow) {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    kind: row.kind,
    version: row.version,
    content_type: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    filename: row.filename,
    language: row.language,
    cause: { event_id: row.cause_event_id, event_type: row.cause_event_type },
    created_at: row.created_at.toISOString(),
  };
}

export type DocumentView = ReturnType<typeof documentView>;
