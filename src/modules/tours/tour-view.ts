/** The tour as the API answers it: stored members, stops numbered in driving order, timestamps as ISO strings. */
import type { Finding } from '../../core/findings.js';
import type { TourRow } from './tours.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface TourView {
  id: string;
  mode: TourRow['mode'];
  status: TourRow['status'];
  name: string;
  date: string;
  driver: TourRow['driver'];
  vehicle: Record<string, unknown> | null;
  stops: (TourRow['stops'][number] & { position: number })[];
  warnings: Finding[];
  cancellation_reason: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
}

export function tourView(row: TourRow): TourView {
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    name: row.name,
    date: row.date,
    driver: row.driver,
    vehicle: row.vehicle,
    stops: row.stops.map((stop, i) => ({ position: i + 1, ...stop })),
    warnings: row.warnings,
    cancellation_reason: row.cancellation_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
  };
}
