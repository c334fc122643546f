/**
 * Row types of the tours module: the Kysely view of its table (migrations/0030_tours.sql), beside
 * the code that queries it. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Json, Timestamp } from '../../ports/database-columns.js';

export type TourStatusColumn = 'planned' | 'in_progress' | 'completed' | 'cancelled';

export interface ToursTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  status: TourStatusColumn;
  name: string;
  /** The day of the run, `YYYY-MM-DD`. */
  date: string;
  driver: Json<Record<string, unknown>>;
  /** The driver's E.164 phone, copied out of `driver` for the list filter. */
  driver_phone: string;
  vehicle: Json<Record<string, unknown>> | null;
  /** The stops in driving order, with their status (tour-stop.ts). */
  stops: Json<unknown[]>;
  warnings: Json<unknown[]>;
  cancellation_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}
