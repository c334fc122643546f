/**
 * What goes in each box of the note, as lines of text, from the shipment's stored fields. Layout
 * (where, how wide, what continues on a later page) is the renderer's; this decides the words.
 */
import type { NoteLabels } from './note-labels.js';
import type { ConsignmentNoteInput, NoteReservation, NoteSignature } from './consignment-note-input.js';
import { localTime } from '../../../core/local-time.js';
import { decimalSum, plainNumber, type Line } from './note-text.js';
import { noteZones, signatureZone } from './note-zones.js';
import { noteAnnex, type NoteAnnex } from '../photo-sheets/note-annex.js';
import { disposalLines } from './disposal-lines.js';

interface Address {
  street?: string;
  additional?: string;
  department?: string;
  po_box?: string;
  postal_code?: string;
  city?: string;
  country_subdivision?: string;
  country?: string;
}
interface Contact {
  name?: string;
  phone?: string;
  email?: string;
}
interface Party {
  name?: string;
  address?: Address;
  contact?: Contact;
  vat_number?: string;
  eori?: string;
  registration_number?: string;
  reference?: string;
}
interface Stop {
  address?: Address;
  window?: { from?: string; to?: string };
  contact?: Contact;
}
interface Adr {
  un_number?: string;
  class?: string;
  packing_group?: string;
  proper_shipping_name?: string;
  tunnel_code?: string;
  limited_quantity?: boolean;
  environmentally_hazardous?: boolean;
}
interface Goods {
  description?: string;
  marks?: string;
  quantity?: number;
  package_type?: string;
  gross_weight_kg?: number;
  volume_m3?: number;
  hs_code?: string;
  adr?: Adr;
}
interface Money {
  amount: string;
  currency: string;
}

export interface GoodsRow {
  marks: string;
  packages: string;
  packing: string;
  nature: Line[];
  statistical: string;
  weight: string;
  volume: string;
}

export interface NoteContent {
  boxes: Record<number, Line[]>;
  goods: GoodsRow[];
  totals: { packages: string; weight: string; volume: string };
  vehicle: Line[];
  /** Signatures per box 22, 23, 24 (successive carriers are listed in box 17). */
  signatures: Record<22 | 23 | 24, NoteSignature | undefined>;
}

const lines = (...texts: (string | undefined | false)[]): Line[] => texts.filter((t): t is string => Boolean(t)).map((text) => ({ text }));

function addressLines(a: Address | undefined): Line[] {
  if (!a) return [];
  const cityLine = [[a.postal_code, a.city].filter(Boolean).join(' '), a.country_subdivision, a.country].filter(Boolean).join(', ');
  return lines(a.department, a.street, a.additional, a.po_box && `PO Box ${a.po_box}`, cityLine);
}

function partyLines(p: Party | undefined, l: NoteLabels): Line[] {
  if (!p) return [];
  const contact = p.contact ? [p.contact.name, p.contact.phone, p.contact.email].filter(Boolean).join(' · ') : '';
  return [
    { text: p.name ?? '', bold: true },
    ...addressLines(p.address),
    ...lines(
      [p.vat_number && `${l.vat} ${p.vat_number}`, p.eori && `${l.eori} ${p.eori}`, p.registration_number].filter(Boolean).join(' · '),
      contact && `${l.contact}: ${contact}`,
      p.reference && `${l.reference}: ${p.reference}`,
    ),
  ];
}

function windowText(w: Stop['window'], l: NoteLabels, zone: string): string | undefined {
  if (!w?.from) return undefined;
  return w.to ? `${l.window}: ${localTime(w.from, zone)} – ${localTime(w.to, zone)}` : localTime(w.from, zone);
}

function adrLine(adr: Adr, l: NoteLabels): string {
  const parts = [
    adr.un_number && `UN ${adr.un_number}`,
    adr.proper_shipping_name,
    adr.class,
    adr.packing_group && `PG ${adr.packing_group}`,
    adr.tunnel_code && `(${adr.tunnel_code.replace(/^\((.*)\)$/, '$1')})`,
    adr.limited_quantity && l.limitedQuantity,
    adr.environmentally_hazardous && l.environmentallyHazardous,
  ].filter(Boolean);
  return `${l.adr}: ${parts.join(', ')}`;
}

function signatureLines(s: NoteSignature | undefined, l: NoteLabels, zone: string): Line[] {
  if (!s) return [];
  return [{ text: `${l.signedBy}: ${s.signer_name}`, bold: true }, { text: `${localTime(s.signed_at, zone)} · ${s.method} · ${l.level} ${s.level}` }];
}

/** Each reservation with its text and, when it has photos, how many and on which annex page. */
function reservationLines(list: readonly NoteReservation[], l: NoteLabels, zone: string, annex: NoteAnnex): Line[] {
  return list.flatMap((r) => [{ text: `${l.reservationTypes[r.type] ?? r.type} · ${localTime(r.created_at, zone)}`, bold: true }, ...lines(r.text, annex.lineOf(r))]);
}

/** Box 18 for each successive carrier with reservations at its takeover (CMR article 35): under its number and name. */
function takeoverReservationLines(successive: readonly Party[], list: readonly NoteReservation[], l: NoteLabels, zone: string, annex: NoteAnnex): Line[] {
  return successive.flatMap((p, i) => {
    const own = list.filter((r) => r.phase === 'takeover' && r.successive_index === i);
    return own.length === 0 ? [] : [{ text: `${l.successiveReservations} ${i + 1}: ${p.name ?? ''}`, bold: true }, ...reservationLines(own, l, zone, annex)];
  });
}

export function noteContent(input: ConsignmentNoteInput, l: NoteLabels): NoteContent {
  const s = input.shipment as Record<string, unknown>;
  const party = (key: string) => s[key] as Party | undefined;
  const pickup = s.pickup as Stop | undefined;
  const delivery = s.delivery as Stop | undefined;
  const goods = (s.goods as Goods[] | undefined) ?? [];
  const charges = s.charges as { carriage?: Money; cash_on_delivery?: Money; payer?: 'consignor' | 'consignee' | 'principal' } | undefined;
  const vehicle = s.vehicle as { plate?: string; trailer_plate?: string; country?: string; equipment_category?: string } | undefined;
  const successive = (s.successive_carriers as Party[] | undefined) ?? [];
  const combined = s.combined_transport as { sequence?: number; carried_unit?: { id?: string; category?: string } } | undefined;
  const waste = s.waste as { notification_number?: string } | undefined;
  const zones = noteZones(s);
  const here = zones.established;
  const signatures = input.signatures ?? [];
  const reservations = input.reservations ?? [];
  const annex = noteAnnex(input, l);
  const signatureOf = (role: NoteSignature['role'], index?: number) => signatures.find((x) => x.role === role && (index === undefined || x.index === index));

  const money = (m: Money | undefined) => (m ? `${m.amount} ${m.currency}` : undefined);
  const sum = (pick: (g: Goods) => number | undefined) => {
    const values = goods.map(pick).filter((v): v is number => typeof v === 'number');
    // In decimal, never in floating point: sixty lines of 0.7 m³ are 42 m³.
    return values.length > 0 ? decimalSum(values) : '';
  };

  const boxes: Record<number, Line[]> = {
    1: partyLines(party('consignor'), l),
    2: partyLines(party('consignee'), l),
    3: [...addressLines(delivery?.address), ...lines(windowText(delivery?.window, l, zones.delivery))],
    4: [...addressLines(pickup?.address), ...lines(windowText(pickup?.window, l, zones.pickup))],
    5: ((s.documents_attached as string[] | undefined) ?? []).map((d, i) => ({ text: `${i + 1}. ${d}` })),
    13: [
      ...lines(s.sender_instructions as string | undefined),
      ...lines(waste?.notification_number && `${l.wasteNotification}: ${waste.notification_number}`),
      ...disposalLines(s.consignee_has_right_of_disposal === true, input.disposals ?? [], input.language, zones.delivery),
    ],
    14: lines(charges?.payer && (charges.payer === 'consignor' ? l.carriagePaid : l.carriageForward)),
    15: lines(money(charges?.cash_on_delivery)),
    16: partyLines(party('carrier'), l),
    17: successive.flatMap((p, i) => {
      const signed = signatureOf('successive_carrier', i);
      return [
        { text: `${i + 1}. ${p.name ?? ''}`, bold: true },
        ...lines([p.address?.city, p.address?.country].filter(Boolean).join(', ')),
        ...(signed ? [{ text: [`${l.takenOver}: ${localTime(signed.signed_at, here)}`, signed.place].filter(Boolean).join(' · ') }, { text: `${l.signedBy}: ${signed.signer_name}` }] : []),
      ];
    }),
    18: [
      ...reservationLines(reservations.filter((r) => r.phase === 'pickup'), l, zones.pickup, annex),
      ...takeoverReservationLines(successive, reservations, l, here, annex),
    ],
    19: [
      ...lines(s.special_agreements as string | undefined),
      ...lines(combined?.sequence !== undefined && `${l.combinedTransport} ${combined.sequence}${combined.carried_unit?.id ? ` · ${combined.carried_unit.id} ${combined.carried_unit.category ?? ''}` : ''}`),
    ],
    20: lines(charges?.carriage && `${l.carriage}: ${money(charges.carriage)}`, charges?.payer && l.payer[charges.payer]),
    21: lines(`${input.established.place} · ${localTime(input.established.at, here)}`),
    22: signatureLines(signatureOf('consignor'), l, signatureZone(zones, 'consignor')),
    23: signatureLines(signatureOf('carrier'), l, signatureZone(zones, 'carrier')),
    24: [...signatureLines(signatureOf('consignee'), l, signatureZone(zones, 'consignee')), ...(reservations.some((r) => r.phase === 'delivery') ? [{ text: l.reservationsAtDelivery, bold: true }, ...reservationLines(reservations.filter((r) => r.phase === 'delivery'), l, zones.delivery, annex)] : [])],
  };

  return {
    boxes,
    goods: goods.map((g) => ({
      marks: g.marks ?? '',
      packages: g.quantity === undefined ? '' : plainNumber(g.quantity),
      packing: g.package_type ? (l.packageTypes[g.package_type] ?? g.package_type) : '',
      nature: [{ text: g.description ?? '' }, ...(g.adr ? [{ text: adrLine(g.adr, l), bold: true }] : [])],
      statistical: g.hs_code ?? '',
      weight: g.gross_weight_kg === undefined ? '' : plainNumber(g.gross_weight_kg),
      volume: g.volume_m3 === undefined ? '' : plainNumber(g.volume_m3),
    })),
    totals: { packages: sum((g) => g.quantity), weight: sum((g) => g.gross_weight_kg), volume: sum((g) => g.volume_m3) },
    vehicle: lines(
      vehicle?.plate && `${l.vehicle}: ${vehicle.plate}${vehicle.country ? ` (${vehicle.country})` : ''}`,
      vehicle?.trailer_plate && `${l.trailer}: ${vehicle.trailer_plate}${vehicle.equipment_category ? ` · ${vehicle.equipment_category}` : ''}`,
    ),
    signatures: { 22: signatureOf('consignor'), 23: signatureOf('carrier'), 24: signatureOf('consignee') },
  };
}
