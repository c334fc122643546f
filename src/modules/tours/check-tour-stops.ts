/**
 * The rules of a tour's stops, each a finding on the stop it concerns
 * (`$.stops[i]…`, 422 `validation_failed`): the shipment is the organisation's, in the key's mode
 * (any other, of another tenant included, is `tour_shipment_not_found`: nothing is revealed about
 * it), and not cancelled; a shipment appears at most once as pickup and once as delivery; its
 * pickup comes before its delivery. A `takeover` stop names a successive carrier of the shipment
 * (box 17) and comes before the delivery; a tour that takes a shipment over does not also pick it up,
 * for its driver is the successive carrier's and the pickup is the first carrier's (CMR article 34).
 * Stops already done or skipped must stay in an updated list.
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
  tour_takeover_carrier: {
    en: (p) => `A takeover stop names the successive carrier that takes shipment ${String(p.shipment_id)} over: \`successive_index\`, a position in its successive_carriers (${String(p.carriers)} listed).`,
    nl: (p) => `Een overnamestop noemt de opvolgende vervoerder die zending ${String(p.shipment_id)} overneemt: \`successive_index\`, een positie in successive_carriers (${String(p.carriers)} vermeld).`,
    de: (p) => `Ein Übernahmestopp nennt den nachfolgenden Frachtführer, der die Sendung ${String(p.shipment_id)} übernimmt: \`successive_index\`, eine Position in successive_carriers (${String(p.carriers)} angegeben).`,
    fr: (p) => `Un arrêt de reprise nomme le transporteur successif qui reprend l'envoi ${String(p.shipment_id)} : \`successive_index\`, une position dans successive_carriers (${String(p.carriers)} indiqués).`,
  },
  tour_successive_index_unexpected: {
    en: () => 'Only a takeover stop names a successive carrier (`successive_index`).',
    nl: () => 'Alleen een overnamestop noemt een opvolgende vervoerder (`successive_index`).',
    de: () => 'Nur ein Übernahmestopp nennt einen nachfolgenden Frachtführer (`successive_index`).',
    fr: () => 'Seul un arrêt de reprise nomme un transporteur successif (`successive_index`).',
  },
  tour_takeover_with_pickup: {
    en: (p) => `Shipment ${String(p.shipment_id)} is picked up at position ${String(p.pickup_position)} of this tour: its driver is the first carrier's and cannot also take the goods over for a successive carrier.`,
    nl: (p) => `Zending ${String(p.shipment_id)} wordt in deze rit opgehaald op positie ${String(p.pickup_position)}: de chauffeur rijdt voor de eerste vervoerder en kan de goederen niet ook voor een opvolgende vervoerder overnemen.`,
    de: (p) => `Die Sendung ${String(p.shipment_id)} wird in dieser Tour an Position ${String(p.pickup_position)} abgeholt: Ihr Fahrer fährt für den ersten Frachtführer und kann das Gut nicht auch für einen nachfolgenden Frachtführer übernehmen.`,
    fr: (p) => `L'envoi ${String(p.shipment_id)} est enlevé en position ${String(p.pickup_position)} de cette tournée : son chauffeur est celui du premier transporteur et ne peut pas aussi reprendre la marchandise pour un transporteur successif.`,
  },
  tour_delivery_before_takeover: {
    en: (p) => `The delivery of shipment ${String(p.shipment_id)} comes before its takeover at position ${String(p.takeover_position)}.`,
    nl: (p) => `De levering van zending ${String(p.shipment_id)} komt vóór de overname op positie ${String(p.takeover_position)}.`,
    de: (p) => `Die Zustellung der Sendung ${String(p.shipment_id)} liegt vor ihrer Übernahme an Position ${String(p.takeover_position)}.`,
    fr: (p) => `La livraison de l'envoi ${String(p.shipment_id)} précède sa reprise en position ${String(p.takeover_position)}.`,
  },
  tour_completed_stop_removed: {
    en: (p) => `The ${String(p.kind)} stop of shipment ${String(p.shipment_id)} is already ${String(p.status)} and must stay in the tour.`,
    nl: (p) => `De ${String(p.kind)}-stop van zending ${String(p.shipment_id)} is al ${String(p.status)} en moet in de rit blijven.`,
    de: (p) => `Der ${String(p.kind)}-Stopp der Sendung ${String(p.shipment_id)} ist bereits ${String(p.status)} und muss in der Tour bleiben.`,
    fr: (p) => `L'arrêt ${String(p.kind)} de l'envoi ${String(p.shipment_id)} est déjà ${String(p.status)} et doit rester dans la tournée.`,
  },
});

type StopRef = { shipment_id: string; kind: string; successive_index?: number };
const stopKey = (stop: StopRef) => `${stop.shipment_id}/${stop.kind}${stop.kind === 'takeover' ? `/${stop.successive_index ?? ''}` : ''}`;

/** The same stop in two lists: the shipment, the kind and, at a takeover, the successive carrier. */
export const sameStop = (a: StopRef, b: StopRef): boolean => stopKey(a) === stopKey(b);

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
    if (stop.kind !== 'takeover' && stop.successive_index !== undefined) findings.push(finding(`$.stops[${i}].successive_index`, 'tour_successive_index_unexpected', {}));
    if (stop.kind === 'takeover' && pickup >= 0) findings.push(finding(`$.stops[${i}].kind`, 'tour_takeover_with_pickup', { shipment_id: stop.shipment_id, pickup_position: pickup + 1 }));
    const takeover = stops.findIndex((s) => s.shipment_id === stop.shipment_id && s.kind === 'takeover');
    if (stop.kind === 'delivery' && takeover > i) {
      findings.push(finding(`$.stops[${i}].kind`, 'tour_delivery_before_takeover', { shipment_id: stop.shipment_id, takeover_position: takeover + 1 }));
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
  for (const [i, stop] of stops.entries()) {
    const row = shipments.get(stop.shipment_id);
    const carriers = Array.isArray(row?.data.successive_carriers) ? row.data.successive_carriers.length : 0;
    if (row && stop.kind === 'takeover' && (stop.successive_index === undefined || stop.successive_index >= carriers)) {
      refused.push({ index: i, finding: finding(`$.stops[${i}].successive_index`, 'tour_takeover_carrier', { shipment_id: stop.shipment_id, carriers }) });
    }
  }
  findings.push(...refused.sort((a, b) => a.index - b.index).map((r) => r.finding));
  const listed = new Set(stops.map(stopKey));
  for (const old of kept) {
    if (old.status !== 'pending' && !listed.has(stopKey(old))) findings.push(finding('$.stops', 'tour_completed_stop_removed', { shipment_id: old.shipment_id, kind: old.kind, status: old.status }));
  }
  if (findings.length > 0) throw new AppError('validation_failed', 'The stops of the tour break its rules; `errors` names each stop.', { errors: findings });
  return shipments;
}
