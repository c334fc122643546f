/** Queries on `shipments`, always scoped by organisation and mode. */
import { sql, type Selectable, type Updateable } from 'kysely';
import type { Database, Write } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { GateStatusColumn, ShipmentsTable } from './shipments.tables.js';
import type { Finding } from '../../core/findings.js';
import type { ShipmentStatus } from './shipment-status.js';
import type { TransportType } from './shipment-input.schema.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface ShipmentRow {
  id: string;
  organization_id: string;
  mode: Mode;
  status: ShipmentStatus;
  transport_type: TransportType;
  reference: string | null;
  data: Record<string, unknown>;
  warnings: Finding[];
  cancellation_reason: string | null;
  event_seq: number;
  head_hash: string;
  created_at: Date;
  updated_at: Date;
  issued_at: Date | null;
  picked_up_at: Date | null;
  /** When the carrier reported the goods at the place of delivery (CMR art. 13(1)); absent on a row made before it was read. */
  arrived_at?: Date | null;
  delivered_at: Date | null;
  cancelled_at: Date | null;
  inspection_token: string | null;
  /** Where the eFTI dataset stands with the gate; null while nothing is due there (a draft). */
  gate_status: GateStatusColumn | null;
  /** eFTI dataset id (UUID v4) of the unique identifier link; internal until the eFTI views show it. */
  dataset_id: string;
  /** Sandbox: the test clock the shipment follows (docs/sandbox-test-clocks.md); null: real time. */
  test_clock_id: string | null;
}

type Row = Selectable<ShipmentsTable>;
const fromRow = (row: Row) => row as unknown as ShipmentRow;

export function insertShipmentWrite(db: Database, row: ShipmentRow): Write {
  return db.insertInto('shipments').values({ ...row, data: JSON.stringify(row.data), warnings: JSON.stringify(row.warnings) });
}

/** One shipment of the tenant; `forUpdate` locks it for the rest of the transaction. */
export async function selectShipment(db: Database, t: Tenant, id: string, options: { forUpdate?: boolean } = {}): Promise<ShipmentRow | undefined> {
  let query = db.selectFrom('shipments').selectAll().where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export type ShipmentChanges = Partial<Omit<ShipmentRow, 'id' | 'organization_id' | 'mode' | 'created_at'>>;

/** The UPDATE of a shipment's row; with `head`, only while its chain head is that one (then RETURNING its id, for a guard). */
export function updateShipmentWrite(db: Database, t: Tenant, id: string, changes: ShipmentChanges, head?: Pick<ShipmentRow, 'event_seq' | 'head_hash'>): Write {
  const { data, warnings, ...rest } = changes;
  const values: Updateable<ShipmentsTable> = { ...rest };
  if (data !== undefined) values.data = JSON.stringify(data);
  if (warnings !== undefined) values.warnings = JSON.stringify(warnings);
  const update = db.updateTable('shipments').set(values).where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  return head ? update.where('event_seq', '=', head.event_seq).where('head_hash', '=', head.head_hash).returning('id') : update;
}

export interface ShipmentFilter {
  status?: ShipmentStatus;
  reference?: string;
  transportType?: TransportType;
  createdGte?: Date;
  createdLt?: Date;
  /** Words a dispatcher types: the id, or part of the reference, a party's name or a plate (see below). */
  search?: string;
  after?: string;
  order: SortOrder;
  limit: number;
}

export async function selectShipments(db: Database, t: Tenant, f: ShipmentFilter): Promise<ShipmentRow[]> {
  let query = db
    .selectFrom('shipments')
    .selectAll()
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.reference) query = query.where('reference', '=', f.reference);
  if (f.transportType) query = query.where('transport_type', '=', f.transportType);
  if (f.createdGte) query = query.where('created_at', '>=', f.createdGte);
  if (f.createdLt) query = query.where('created_at', '<', f.createdLt);
  if (f.search) query = query.where(searchCondition(f.search));
  query = keysetWindow(query, 'id', f);
  return (await query.execute()).map(fromRow);
}

/** `%` and `_` typed by a person are letters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A plate as people type it, with or without its spaces and dashes: only its letters and digits count. */
const plateKey = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();

/**
 * One search box over a tenant's shipments: the exact `shp_` id, or a part (any case) of the
 * reference, of the name of the consignor, consignee, carrier or principal, or of the vehicle's or
 * trailer's plate. The tenant's rows are read through `shipments_list`; the words match inside them.
 */
function searchCondition(search: string) {
  const words = likeText(search.trim());
  const plate = plateKey(search);
  const party = (role: string) => sql<boolean>`data->${sql.lit(role)}->>'name' ILIKE ${words}`;
  const plateOf = (field: string) => sql<boolean>`upper(regexp_replace(coalesce(data->'vehicle'->>${sql.lit(field)}, ''), '[^[:alnum:]]', '', 'g')) LIKE ${likeText(plate)}`;
  const plates = plate === '' ? sql<boolean>`false` : sql<boolean>`(${plateOf('plate')} OR ${plateOf('trailer_plate')})`;
  return sql<boolean>`(id = ${search.trim()} OR reference ILIKE ${words} OR ${party('consignor')} OR ${party('consignee')} OR ${party('carrier')} OR ${party('principal')} OR ${plates})`;
}
