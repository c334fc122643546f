/**
 * A tour as the driver sees it (docs/driver.md, DriverTour): the stops in driving order, each with
 * the place to drive to, the goods, the ADR flags, the current note with a self-authenticating
 * download link (the phone's offline cache keeps it), which roles have signed, and what is still to
 * do there; at a takeover stop, whom the driver signs for; and goods stopped by the right of
 * disposal, which the app shows as "do not deliver".
 */
import { realClockOf } from '../../core/clock.js';
import { zoneAbbreviations } from '../../core/local-time.js';
import { timeZoneOf } from '../../core/time-zones.js';
import type { TenantContext } from '../../core/context.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import { signedDownloadUrl } from '../documents/download-links.js';
import { selectShipment, type ShipmentRow } from '../shipments/shipments.repository.js';
import { selectRemarks, type RemarkRow } from '../remarks/remarks.repository.js';
import { selectSignatures, type SignatureRow } from '../signatures/signatures.repository.js';
import type { StoredStop, TourRow } from '../tours/tours.repository.js';
import { goodsStop, type GoodsStop } from '../disposal/stopped-goods.js';
import { DRIVER_SESSION_MS } from './driver-policy.js';
import { stopChecklist } from './driver-stop-checklist.js';

type Json = Record<string, unknown>;
export type DriverTodo = 'sign_carrier' | 'sign_takeover' | 'handoff_consignor' | 'handoff_consignee' | 'remark' | 'complete';

interface ShipmentFacts {
  row: ShipmentRow;
  signed: Set<string>;
  signatures: SignatureRow[];
  remarks: RemarkRow[];
  note: { document_id: string; version: number; sha256: string; download_url: string; download_expires_at: string } | null;
  stopped: GoodsStop | null;
}

const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

const successiveCarrier = (data: Json, index: number | undefined) => (Array.isArray(data.successive_carriers) && index !== undefined ? obj(data.successive_carriers[index]) : undefined);

/**
 * Where the stop is. A takeover has no place in the shipment (the carriers agree where the goods
 * change hands): it names the carrier they are taken over from, and reads its times on the wall
 * clock of the successive carrier's address.
 */
function place(data: Json, stop: StoredStop, day: Date) {
  if (stop.kind === 'takeover') {
    const zone = timeZoneOf(obj(successiveCarrier(data, stop.successive_index)?.address));
    const from = obj(data.carrier);
    return { name: (from?.name as string | undefined) ?? null, address: null, coordinates: null, window: null, time_zone: zone, time_zone_names: zoneAbbreviations(zone, day), contact: null, instructions: null };
  }
  return placeOf(data, stop.kind, day);
}

function placeOf(data: Json, kind: 'pickup' | 'delivery', day: Date) {
  const stop = obj(data[kind]);
  const party = obj(data[kind === 'pickup' ? 'consignor' : 'consignee']);
  const address = obj(stop?.address) ?? obj(party?.address) ?? null;
  const { coordinates, ...plainAddress } = address ?? {};
  const contact = obj(stop?.contact) ?? obj(party?.contact) ?? null;
  const zone = timeZoneOf(address);
  return {
    name: (party?.name as string | undefined) ?? null,
    address: address ? plainAddress : null,
    coordinates: obj(coordinates) ?? null,
    window: obj(stop?.window) ?? null,
    time_zone: zone,
    time_zone_names: zoneAbbreviations(zone, day),
    contact: contact ? { name: contact.name ?? null, phone: contact.phone ?? null, email: contact.email ?? null } : null,
    instructions: (stop?.instructions as string | undefined) ?? null,
  };
}

function goods(data: Json) {
  const lines = (Array.isArray(data.goods) ? data.goods : []).map((l) => obj(l) ?? {});
  const weights = lines.map((l) => l.gross_weight_kg).filter((w): w is number => typeof w === 'number');
  const adrLines = lines.map((l) => obj(l.adr)).filter((a): a is Json => a !== undefined);
  const distinct = (key: string) => [...new Set(adrLines.map((a) => a[key]).filter((v): v is string => typeof v === 'string'))];
  return {
    goods: {
      lines: lines.map((l) => ({ description: l.description ?? null, quantity: l.quantity ?? null, package_type: l.package_type ?? null, gross_weight_kg: l.gross_weight_kg ?? null })),
      packages: lines.reduce((n, l) => n + (typeof l.quantity === 'number' ? l.quantity : 0), 0),
      gross_weight_kg: weights.length > 0 ? weights.reduce((a, b) => a + b, 0) : null,
    },
    adr: { dangerous_goods: adrLines.some((a) => a.limited_quantity !== true), un_numbers: distinct('un_number'), classes: distinct('class'), tunnel_codes: distinct('tunnel_code') },
  };
}

/** The takeover the stop is, as the driver sees it: whom for, from whom, and whether it is signed. */
function takeoverOf(data: Json, stop: StoredStop, signatures: readonly SignatureRow[]) {
  if (stop.kind !== 'takeover' || stop.successive_index === undefined) return null;
  const signed = signatures.find((s) => s.role === 'successive_carrier' && s.successive_index === stop.successive_index);
  return {
    successive_index: stop.successive_index,
    carrier: (successiveCarrier(data, stop.successive_index)?.name as string | undefined) ?? null,
    from_carrier: (obj(data.carrier)?.name as string | undefined) ?? null,
    signed: signed !== undefined,
    place: signed?.place ?? null,
  };
}

function todo(tour: TourRow, stop: StoredStop, facts: ShipmentFacts): DriverTodo[] {
  if (stop.status !== 'pending' || tour.status === 'completed' || tour.status === 'cancelled') return [];
  const status = facts.row.status;
  const list: DriverTodo[] = [];
  // Before the first carrier has the goods (issued) there is nothing to take over yet: the stop waits.
  // Done once signed: without the signature nothing was taken over, and no reason stands in for it.
  if (stop.kind === 'takeover' && !takeoverOf(facts.row.data, stop, facts.signatures)?.signed) return status === 'in_transit' ? ['remark', 'sign_takeover'] : [];
  // Stopped goods are not delivered: the driver waits for the next instruction (or skips the stop).
  if (stop.kind === 'delivery' && facts.stopped) return [];
  if (stop.kind === 'pickup' && status === 'issued') {
    if (!facts.signed.has('carrier')) list.push('sign_carrier');
    if (!facts.signed.has('consignor')) list.push('handoff_consignor');
    list.push('remark');
  }
  if (stop.kind === 'delivery' && status === 'in_transit') {
    if (!facts.signed.has('consignee')) list.push('handoff_consignee');
    list.push('remark');
  }
  list.push('complete');
  return list;
}

async function shipmentFacts(ctx: TenantContext, id: string): Promise<ShipmentFacts | undefined> {
  const row = await selectShipment(ctx.db, ctx, id);
  if (!row) return undefined;
  const signatures = await selectSignatures(ctx.db, ctx, id);
  const signed = new Set(signatures.map((s) => s.role as string));
  const remarks = await selectRemarks(ctx.db, ctx, id, { order: 'asc' });
  const current = await selectCurrentNote(ctx.db, ctx, id);
  // On the hour, so the link stays the same between two reads and the phone's cache keeps one copy.
  const expires = Math.ceil((realClockOf(ctx.clock).now().getTime() + DRIVER_SESSION_MS) / 3_600_000) * 3600;
  const note = current
    ? {
        document_id: current.id,
        version: current.version,
        sha256: current.sha256,
        download_url: signedDownloadUrl(ctx.publicBaseUrl, ctx.secrets.urls, { documentId: current.id, organizationId: ctx.organizationId, mode: ctx.mode, expires }),
        download_expires_at: new Date(expires * 1000).toISOString(),
      }
    : null;
  return { row, signed, signatures, remarks, note, stopped: await goodsStop(ctx.db, ctx, id) };
}

export async function driverTourView(ctx: TenantContext, tour: TourRow, today: string) {
  const org = await ctx.db.selectFrom('organizations').select('name').where('id', '=', tour.organization_id).executeTakeFirst();
  const facts = new Map<string, ShipmentFacts | undefined>();
  for (const stop of tour.stops) if (!facts.has(stop.shipment_id)) facts.set(stop.shipment_id, await shipmentFacts(ctx, stop.shipment_id));
  const next = tour.stops.findIndex((s) => s.status === 'pending');
  return {
    id: tour.id,
    organization_id: tour.organization_id,
    organization_name: org?.name ?? null,
    mode: tour.mode,
    name: tour.name,
    date: tour.date,
    today: tour.date === today,
    status: tour.status,
    driver: tour.driver,
    vehicle: tour.vehicle,
    next_stop_position: next < 0 ? null : next + 1,
    stops: tour.stops.map((stop, i) => {
      const f = facts.get(stop.shipment_id)!;
      const data = f.row.data;
      const party = (key: string) => ({ name: (obj(data[key])?.name as string | undefined) ?? null });
      return {
        position: i + 1,
        kind: stop.kind,
        status: stop.status,
        reason: stop.reason,
        completed_at: stop.completed_at,
        captured_at: stop.captured_at ?? null,
        shipment: { id: f.row.id, reference: f.row.reference, status: f.row.status, consignor: party('consignor'), consignee: party('consignee') },
        takeover: takeoverOf(data, stop, f.signatures),
        stopped: f.stopped,
        place: place(data, stop, new Date(`${tour.date}T12:00:00Z`)),
        ...goods(data),
        note: f.note,
        signatures: { consignor: f.signed.has('consignor'), carrier: f.signed.has('carrier'), consignee: f.signed.has('consignee'), successive_carrier: takeoverOf(data, stop, f.signatures)?.signed ?? false },
        todo: todo(tour, stop, f),
        checklist: stopChecklist(f.row.id, stop, f.signatures, f.remarks, f.note?.version ?? null),
      };
    }),
  };
}

export type DriverTourView = Awaited<ReturnType<typeof driverTourView>>;
