/**
 * Assigning a tour sets each of its shipments' `driver` and `vehicle`, through
 * the shipments' own update in the tour's transaction, so the frozen-field rules stay as they are
 * (src/modules/shipments/frozen-fields.ts) and each change is a `shipment.updated` in the
 * shipment's chain. A shipment whose status no longer lets a field change (the vehicle once it is
 * in transit, both once delivered) keeps its own: the tour's `warnings` say so with a
 * `tour_assignment_kept` finding on the stop (`$.stops[i].shipment_id`). Shipments removed from a
 * tour keep what they were given.
 */
import { isAppError } from '../../core/errors.js';
import { finding, registerFindingMessages, type Finding } from '../../core/findings.js';
import type { TenantContext } from '../../core/context.js';
import { applyMergePatch } from '../../core/merge-patch.js';
import type { Database } from '../../ports/database.js';
import { changedFields, frozenFields } from '../shipments/frozen-fields.js';
import { VehicleSchema } from '../shipments/shipment-input.schema.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { patchLockedShipment } from '../shipments/update-shipment.js';
import type { TourRow } from './tours.repository.js';

registerFindingMessages({
  tour_assignment_kept: {
    en: (p) => `Shipment ${String(p.shipment_id)} is ${String(p.status)} and keeps its own ${String(p.field)}.`,
    nl: (p) => `Zending ${String(p.shipment_id)} is ${String(p.status)} en houdt haar eigen ${String(p.field)}.`,
    de: (p) => `Die Sendung ${String(p.shipment_id)} ist ${String(p.status)} und behält ihr eigenes Feld ${String(p.field)}.`,
    fr: (p) => `L'envoi ${String(p.shipment_id)} est ${String(p.status)} et garde son propre ${String(p.field)}.`,
  },
});

/** Every member of a vehicle, so the tour's replaces the shipment's instead of merging into it. */
const VEHICLE_MEMBERS = Object.keys(VehicleSchema.properties);

/** The merge patch that gives a shipment the tour's driver and vehicle. */
function assignmentPatch(tour: Pick<TourRow, 'driver' | 'vehicle'>, shipment: ShipmentRow): Record<string, unknown> {
  const own = shipment.data.driver as { phone?: string } | undefined;
  // The same person (same phone) keeps the e-mail address the shipment has for them; another driver does not inherit it.
  const driver = { ...(own?.phone === tour.driver.phone ? {} : { email: null }), language: null, ...tour.driver };
  const patch: Record<string, unknown> = { driver };
  if (tour.vehicle) patch.vehicle = { ...Object.fromEntries(VEHICLE_MEMBERS.map((m) => [m, null])), ...tour.vehicle };
  return patch;
}

/** Sets the tour's driver and vehicle on its locked shipments; answers the warnings of those that kept their own. */
export async function assignTour(trx: Database, ctx: TenantContext, tour: Pick<TourRow, 'driver' | 'vehicle' | 'stops'>, shipments: ReadonlyMap<string, ShipmentRow>, now: Date): Promise<Finding[]> {
  const warnings: Finding[] = [];
  for (const [id, row] of shipments) {
    const index = tour.stops.findIndex((s) => s.shipment_id === id);
    const path = `$.stops[${index}].shipment_id`;
    const patch = assignmentPatch(tour, row);
    const changed = changedFields(row.data, applyMergePatch(row.data, patch) as Record<string, unknown>);
    const frozen = new Set(frozenFields(row.status, changed).map((field) => field.split('.')[0]!));
    for (const field of frozen) warnings.push(finding(path, 'tour_assignment_kept', { shipment_id: id, field, status: row.status }));
    const allowed = Object.fromEntries(Object.entries(patch).filter(([field]) => !frozen.has(field)));
    if (Object.keys(allowed).length === 0) continue;
    try {
      await patchLockedShipment(trx, ctx, row, allowed, now);
    } catch (error) {
      // The shipment's own rules refuse the change (validation_failed): it keeps its driver and vehicle.
      if (!isAppError(error) || error.code !== 'validation_failed') throw error;
      for (const field of Object.keys(allowed)) warnings.push(finding(path, 'tour_assignment_kept', { shipment_id: id, field, status: row.status }));
    }
  }
  return warnings;
}
