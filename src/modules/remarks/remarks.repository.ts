/** Queries on remarks, scoped to the organisation and mode. */
import { sql, type Selectable } from 'kysely';
import type { RemarksTable } from './remarks.tables.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type RemarkRow = Selectable<RemarksTable>;

export function insertRemarkWrite(db: Database, row: RemarkRow): Write {
  return db.insertInto('remarks').values({ ...row, provider_evidence: row.provider_evidence ? JSON.stringify(row.provider_evidence) : null });
}

export interface RemarkFilter {
  phase?: RemarkRow['phase'];
  /** With `phase: 'takeover'`: only this successive carrier's. */
  successive_index?: number;
  after?: string;
  order: SortOrder;
  limit?: number;
}

export async function selectRemarks(db: Database, t: Tenant, shipmentId: string, f: RemarkFilter): Promise<RemarkRow[]> {
  let query = db
    .selectFrom('remarks')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
  if (f.phase) query = query.where('phase', '=', f.phase);
  if (f.successive_index !== undefined) query = query.where('successive_index', '=', f.successive_index);
  query = keysetWindow(query, 'id', f);
  return query.execute();
}

/** The first remark of the shipment that shows this photo, if any. */
export async function selectRemarkWithPhoto(db: Database, t: Tenant, shipmentId: string, documentId: string): Promise<Pick<RemarkRow, 'id'> | undefined> {
  return db
    .selectFrom('remarks')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where(sql<boolean>`${documentId} = any(photo_document_ids)`)
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}
