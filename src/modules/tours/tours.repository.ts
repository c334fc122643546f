/** Queries on `tours`, always scoped by organisation and mode. */
import type { Selectable, Updateable } from 'kysely';
import type { Finding } from '../../core/findings.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import type { StopStatus, TourStatus } from './tour-status.js';
import type { ToursTable } from './tours.tables.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface StoredStop {
  shipment_id: string;
  kind: 'pickup' | 'delivery' | 'takeover';
  /** For `takeover`: the successive carrier's position in `successive_carriers`. */
  successive_index?: number;
  status: StopStatus;
  reason: string | null;
  completed_at: string | null;
  /** When the driver did it on the phone, if the driver's app said (docs/driver.md). */
  captured_at?: string;
}

export interface TourRow {
  id: string;
  organization_id: string;
  mode: Mode;
  status: TourStatus;
  name: string;
  date: string;
  driver: { name: string; phone: string; language?: string };
  driver_phone: string;
  vehicle: Record<string, unknown> | null;
  stops: StoredStop[];
  warnings: Finding[];
  cancellation_reason: string | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

const fromRow = (row: Selectable<ToursTable>) => row as unknown as TourRow;
const json = (value: unknown) => JSON.stringify(value);

export function insertTourWrite(db: Database, row: TourRow): Write {
  return db.insertInto('tours').values({ ...row, driver: json(row.driver), vehicle: row.vehicle ? json(row.vehicle) : null, stops: json(row.stops), warnings: json(row.warnings) });
}

export type TourChanges = Partial<Omit<TourRow, 'id' | 'organization_id' | 'mode' | 'created_at'>>;

export function updateTourWrite(db: Database, t: Tenant, id: string, changes: TourChanges): Write {
  const { driver, vehicle, stops, warnings, ...rest } = changes;
  const values: Updateable<ToursTable> = { ...rest };
  if (driver !== undefined) values.driver = json(driver);
  if (vehicle !== undefined) values.vehicle = vehicle ? json(vehicle) : null;
  if (stops !== undefined) values.stops = json(stops);
  if (warnings !== undefined) values.warnings = json(warnings);
  return db.updateTable('tours').set(values).where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
}

/** One tour of the tenant; `forUpdate` locks it for the rest of the transaction. */
export async function selectTour(db: Database, t: Tenant, id: string, options: { forUpdate?: boolean } = {}): Promise<TourRow | undefined> {
  let query = db.selectFrom('tours').selectAll().where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export interface TourFilter {
  date?: string;
  status?: TourStatus;
  driverPhone?: string;
  after?: string;
  order: SortOrder;
  limit: number;
}

export async function selectTours(db: Database, t: Tenant, f: TourFilter): Promise<TourRow[]> {
  let query = db.selectFrom('tours').selectAll().where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  if (f.date) query = query.where('date', '=', f.date);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.driverPhone) query = query.where('driver_phone', '=', f.driverPhone);
  query = keysetWindow(query, 'id', f);
  return (await query.execute()).map(fromRow);
}
