/** Queries on `inspection_views`, scoped by organisation and mode. */
import type { Selectable } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import type { InspectionViewsTable } from './inspect.tables.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type InspectionViewRow = Selectable<InspectionViewsTable>;

export function insertInspectionViewWrite(db: Database, row: InspectionViewRow): Write {
  return db.insertInto('inspection_views').values({ ...row, details: JSON.stringify(row.details) });
}

export async function selectInspectionViews(db: Database, t: Tenant, shipmentId: string, page: { after?: string; order: SortOrder; limit: number }): Promise<InspectionViewRow[]> {
  let query = db
    .selectFrom('inspection_views')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
  query = keysetWindow(query, 'id', page);
  return query.execute();
}
