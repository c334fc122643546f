/**
 * The zones a shipment's times are printed in (docs/time-zones.md): pickup and delivery times in
 * the zone of their stop's address, and so are the signatures and remarks made there — the
 * consignor's and the carrier's at pickup, the consignee's at delivery, each remark at its phase's
 * stop (a signature records coordinates at most, not an address, so its role says where it was
 * made); everything else — the establishment of the note, successive carriers, issue and cancel
 * times — in the zone of the place the note was established (box 21: the consignor's address).
 */
import { timeZoneOf, type ZonedPlace } from '../../../core/time-zones.js';

export interface NoteZones {
  pickup: string;
  delivery: string;
  established: string;
}

const addressAt = (data: Record<string, unknown>, key: string): ZonedPlace | undefined => {
  const holder = data[key] as { address?: ZonedPlace } | undefined;
  return holder?.address;
};

export function noteZones(data: Record<string, unknown>): NoteZones {
  const established = timeZoneOf(addressAt(data, 'consignor'));
  const stop = (key: 'pickup' | 'delivery', party: string) => {
    const address = addressAt(data, key) ?? addressAt(data, party);
    return address ? timeZoneOf(address) : established;
  };
  return { pickup: stop('pickup', 'consignor'), delivery: stop('delivery', 'consignee'), established };
}

/** The zone a signature of `role` prints in: the stop where that party signs (successive carriers: the establishment place's). */
export function signatureZone(zones: NoteZones, role: string): string {
  if (role === 'consignee') return zones.delivery;
  return role === 'consignor' || role === 'carrier' ? zones.pickup : zones.established;
}
