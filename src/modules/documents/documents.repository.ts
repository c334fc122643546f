/** Queries on documents. Every read is scoped to the organisation and mode; deleted rows are gone to the API. */
import type { Selectable } from 'kysely';
import type { DocumentKind, DocumentsTable } from './documents.tables.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type DocumentRow = Selectable<DocumentsTable>;

export function insertDocumentWrite(db: Database, row: DocumentRow): Write {
  return db.insertInto('documents').values(row);
}

export async function selectDocument(db: Database, t: Tenant, id: string): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A document by id alone, for a signed download link (the signature binds organisation and mode). */
export async function selectDocumentById(db: Database, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export interface DocumentFilter {
  shipmentId: string;
  kind?: DocumentKind;
  after?: string;
  order: SortOrder;
  limit: number;
}

export async function selectDocuments(db: Database, t: Tenant, f: DocumentFilter): Promise<DocumentRow[]> {
  let query = db
    .selectFrom('documents')
    .selectAll()
    .where('shipment_id', '=', f.shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('deleted_at', 'is', null);
  if (f.kind) query = query.where('kind', '=', f.kind);
  query = keysetWindow(query, 'id', f);
  return query.execute();
}

export function markDocumentDeletedWrite(db: Database, t: Tenant, id: string, now: Date): Write {
  return db.updateTable('documents').set({ deleted_at: now }).where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
}

/** The newest version of a shipment's consignment note (none before it is issued). */
export async function selectCurrentNote(db: Database, t: Tenant, shipmentId: string): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('kind', '=', 'consignment_note')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}
