/**
 * The rules of a tour's stops, each a finding on the stop it concerns
 * (`$.stops[i]…`, 422 `validation_failed`): the shipment is the organisation's, in the key's mode
 * (any other, of another tenant included, is `tour_shipment_not_found`: nothing is revealed about
 * it), and not cancelled; a shipment appears at most once as pickup and once as delivery; its
 * pickup comes before its delivery. Stops already done or skipped must stay in an updated list.
 */
import { AppError } from '../../core/errors.js';
import { finding, registerFindingMessages, type Finding } from '../../core/findings.js';
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { selectShipment, type ShipmentRow } from '../shipments/shipments.repository.js';
import type { TourStopInput } from './tour.schema.js';
import type { StoredStop } from './tours.repository.js';

registerFindingMessages({
  tour_shipment_not_found: {
    en: (p) => `There is no shipment ${String(p.shipment_id)} in this organisation and mode.`,
    nl: (p) => `Er is geen zending ${String(p.shipment_id)} in deze organisatie en modus.`,
    de: (p) => `Es gibt keine Sendung ${String(p.shipment_id)} in dieser Organisation und diesem Modus.`,
    fr: (p) => `Il n'existe pas d'envoi ${String(p.shipment_id)} dans cette organisation et ce mode.`,
  },
  tour_shipment_cancelled: {
    en: (p) => `Shipment ${String(p.shipment_id)} is cancelled and cannot be driven.`,
    nl: (p) => `Zending ${String(p.shipment_id)} is geannuleerd en kan niet worden gereden.`,
    de: (p) => `Die Sendung ${String(p.shipment_id)} ist storniert und kann nicht gefahren werden.`,
    fr: (p) => `L'envoi ${String(p.shipment_id)} est annulé et ne peut pas être transporté.`,
  },
  tour_duplicate_stop: {
    en: (p) => `Shipment ${String(p.shipment_id)} already has a ${String(p.kind)} stop at position ${String(p.first_position)}.`,
    nl: (p) => `Zending ${String(p.shipment_id)} heeft al een ${String(p.kind)}-stop op positie ${String(p.first_position)}.`,
    de: (p) => `Die Sendung ${String(p.shipment_id)} hat bereits einen ${String(p.kind)}-Stopp an Position ${String(p.first_position)}.`,
    fr: (p) => `L'envoi ${String(p.shipment_id)} a déjà un arrêt ${String(p.kind)} en position ${String(p.first_position)}.`,
  },
  tour_delivery_before_pickup: {
    en: (p) => `The delivery of shipment ${String(p.shipment_id)} comes before its pickup at position ${String(p.pickup_position)}.`,
    nl: (p) => `De levering van zending ${String(p.shipment_id)} komt vóór het ophalen op positie ${String(p.pickup_position)}.`,
    de: (p) => `Die Zustellung der Sendung ${String(p.shipment_id)} liegt vor ihrer Abholung an Position ${String(p.pickup_position)}.`,
    fr: (p) => `La livraison de l'envoi ${String(p.shipment_id)} précède son enlèvement en position ${String(p.pickup_position)}.`,
  },
  tour_completed_stop_removed: {
    en: (p) => `The ${String(p.kind)} stop of shipment ${String(p.shipment_id)} is already ${String(p.status)} and must stay in the tour.`,
    nl: (p) => `De ${String(p.kind)}-stop van zending ${String(p.shipment_id)} is al ${String(p.status)} en moet in de rit blijven.`,
    de: (p) => `Der ${String(p.kind)}-Stopp der Sendung ${String(p.shipment_id)} ist bereits ${String(p.status)} und muss in der Tour bleiben.`,
    fr: (p) => `L'arrêt ${String(p.kind)} de l'envoi ${String(p.shipment_id)} est déjà ${String(p.status)} et doit rester dans la tournée.`,
  },
});

const stopKey = (stop: { shipment_id: string; kind: string }) => `${stop.shipment_id}/${stop.kind}`;

/** The order rules alone (no database): duplicates and a delivery before its pickup. */
export function stopOrderFindings(stops: readonly TourStopInput[]): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  for (const [i, stop] of stops.entries()) {
    const first = seen.get(stopKey(stop));
    if (first !== undefined) {
      findings.push(finding(`$.stops[${i}]`, 'tour_duplicate_stop', { shipment_id: stop.shipment_id, kind: stop.kind, first_position: first + 1 }));
      continue;
    }
    seen.set(stopKey(stop), i);
    const pickup = stops.findIndex((s) => s.shipment_id === stop.shipment_id && s.kind === 'pickup');
    if (stop.kind === 'delivery' && pickup > i) {
      findings.push(finding(`$.stops[${i}].kind`, 'tour_delivery_before_pickup', { shipment_id: stop.shipment_id, pickup_position: pickup + 1 }));
    }
  }
  return findings;
}

/**
 * Raises `validation_failed` naming every offending stop; otherwise answers the stops' shipments,
 * locked for the caller's transaction (their driver and vehicle are set next).
 */
export async function checkTourStops(trx: Database, ctx: TenantContext, stops: readonly TourStopInput[], kept: readonly StoredStop[] = []): Promise<Map<string, ShipmentRow>> {
  const findings = stopOrderFindings(stops);
  const shipments = new Map<string, ShipmentRow>();
  const firstIndex = new Map<string, number>();
  for (const [i, stop] of stops.entries()) if (!firstIndex.has(stop.shipment_id)) firstIndex.set(stop.shipment_id, i);
  const refused: { index: number; finding: Finding }[] = [];
  // Locked in id order, so two tours sharing shipments never wait on each other in a cycle.
  for (const id of [...firstIndex.keys()].sort()) {
    const row = await selectShipment(trx, ctx, id, { forUpdate: true });
    const index = firstIndex.get(id)!;
    const path = `$.stops[${index}].shipment_id`;
    if (!row) refused.push({ index, finding: finding(path, 'tour_shipment_not_found', { shipment_id: id }) });
    else if (row.status === 'cancelled') refused.push({ index, finding: finding(path, 'tour_shipment_cancelled', { shipment_id: id }) });
    else shipments.set(row.id, row);
  }
  findings.push(...refused.sort((a, b) => a.index - b.index).map((r) => r.finding));
  const listed = new Set(stops.map(stopKey));
  for (const old of kept) {
    if (old.status !== 'pending' && !listed.has(stopKey(old))) findings.push(finding('$.stops', 'tour_completed_stop_removed', { shipment_id: old.shipment_id, kind: old.kind, status: old.status }));
  }
  if (findings.length > 0) throw new AppError('validation_failed', 'The stops of the tour break its rules; `errors` names each stop.', { errors: findings });
  return shipments;
}
