/** Queries on `shipment_templates`, always scoped by organisation and mode (one exception, named as such). */
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface ShipmentTemplateRow {
  id: string;
  organization_id: string;
  mode: Mode;
  name: string;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const scoped = (db: Database, t: Tenant) => db.selectFrom('shipment_templates').selectAll().where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);

export function insertTemplateWrite(db: Database, row: ShipmentTemplateRow): Write {
  return db.insertInto('shipment_templates').values({ ...row, data: JSON.stringify(row.data) });
}

/** One template of the tenant; `forUpdate` locks it for the rest of the transaction. */
export async function selectTemplate(db: Database, t: Tenant, id: string, options: { forUpdate?: boolean } = {}): Promise<ShipmentTemplateRow | undefined> {
  let query = scoped(db, t).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ShipmentTemplateRow | undefined;
}

/**
 * The mode of the organisation's template `id` when it is kept in the other mode than `t`'s: only
 * so that a refusal can say why (the template itself is never read across modes).
 */
export async function selectTemplateModeElsewhere(db: Database, t: Tenant, id: string): Promise<Mode | undefined> {
  const row = await db.selectFrom('shipment_templates').select('mode').where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '<>', t.mode).executeTakeFirst();
  return row?.mode;
}

export async function selectTemplates(db: Database, t: Tenant, filter: { name?: string; after?: string; order: SortOrder; limit: number }): Promise<ShipmentTemplateRow[]> {
  let query = scoped(db, t);
  if (filter.name !== undefined) query = query.where('name', '=', filter.name);
  return (await keysetWindow(query, 'id', filter).execute()) as ShipmentTemplateRow[];
}

export function updateTemplateWrite(db: Database, t: Tenant, id: string, changes: Pick<ShipmentTemplateRow, 'name' | 'data' | 'updated_at'>): Write {
  return db
    .updateTable('shipment_templates')
    .set({ ...changes, data: JSON.stringify(changes.data) })
    .where('id', '=', id)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
}

export function deleteTemplateWrite(db: Database, t: Tenant, id: string): Write {
  return db.deleteFrom('shipment_templates').where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
}
