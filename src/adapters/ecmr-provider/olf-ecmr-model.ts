/**
 * Our shipment input as the Open Logistics Foundation eCMR API's `EcmrModel` (its openapi.yaml,
 * `components/schemas/EcmrModel` and `EcmrConsignment`): parties, places, goods lines, the
 * sender's instructions and special agreements. Text is cut to the lengths that schema allows
 * (names 60, streets 255, cities 60, postcodes 17); our `shp_` id goes into
 * `referenceIdentificationNumber` (max 35), so the provider's events can be matched back.
 */
import type { HandoverNote } from '../../ports/ecmr-provider.js';

/** The members of the shipment input (service description, Shipment input) this mapping reads. */
interface Address {
  street: string;
  postal_code?: string;
  city: string;
  country: string;
}
interface Party {
  name: string;
  address: Address;
  contact?: { name?: string; email?: string; phone?: string };
}
interface Stop {
  address: Address;
  window?: { from: string };
}
interface GoodsLine {
  description: string;
  marks?: string;
  quantity: number;
  package_type: string;
  gross_weight_kg?: number;
  volume_m3?: number;
}
interface ShipmentInput {
  consignor?: Party;
  consignee?: Party;
  carrier?: Party;
  pickup?: Stop;
  delivery?: Stop;
  goods?: GoodsLine[];
  vehicle?: { plate: string };
  special_agreements?: string;
  sender_instructions?: string;
}

const cut = (value: string | undefined, max: number) => (value && value.length >= 2 ? value.slice(0, max) : undefined);

/** Removes members left undefined, so the JSON carries only what we know. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function party(prefix: 'sender' | 'consignee' | 'carrier', p: Party | undefined, extra: Record<string, unknown> = {}) {
  if (!p) return undefined;
  return compact({
    [`${prefix}NameCompany`]: p.name,
    [`${prefix}NamePerson`]: cut(p.contact?.name, 60),
    [`${prefix}Street`]: cut(p.address.street, 255),
    [`${prefix}Postcode`]: cut(p.address.postal_code, 17),
    [`${prefix}City`]: cut(p.address.city, 60),
    [`${prefix}CountryCode`]: { value: p.address.country },
    [`${prefix}ContactInformation`]: p.contact ? compact({ email: p.contact.email, phone: p.contact.phone }) : undefined,
    ...extra,
  });
}

function item(line: GoodsLine) {
  return compact({
    marksAndNos: line.marks ? { logisticsShippingMarksMarking: cut(line.marks, 512) } : undefined,
    numberOfPackages: { logisticsPackageItemQuantity: Math.min(line.quantity, 9999) },
    methodOfPacking: { logisticsPackageType: cut(line.package_type, 35) },
    natureOfTheGoods: { transportCargoIdentification: cut(line.description, 512) },
    grossWeightInKg: line.gross_weight_kg ? { supplyChainConsignmentItemGrossWeight: Math.min(Math.max(1, Math.round(line.gross_weight_kg)), 99999) } : undefined,
    volumeInM3: line.volume_m3 ? { supplyChainConsignmentItemGrossVolume: Math.min(Math.max(1, Math.round(line.volume_m3)), 9999) } : undefined,
  });
}

const place = (stop: Stop | undefined) => cut(stop ? `${stop.address.city}, ${stop.address.country}` : undefined, 60);

export function olfEcmrModel(note: HandoverNote): Record<string, unknown> {
  const s = note.data as ShipmentInput;
  const consignment = compact({
    senderInformation: party('sender', s.consignor),
    multiConsigneeShipment: { isMultiConsigneeShipment: false },
    consigneeInformation: party('consignee', s.consignee),
    takingOverTheGoods: s.pickup ? compact({ takingOverTheGoodsPlace: place(s.pickup), logisticsTimeOfArrivalDateTime: s.pickup.window?.from }) : undefined,
    deliveryOfTheGoods: s.delivery ? compact({ logisticsLocationCity: cut(s.delivery.address.city, 60) }) : undefined,
    sendersInstructions: s.sender_instructions ? { transportInstructionsDescription: cut(s.sender_instructions, 512) } : undefined,
    carrierInformation: party('carrier', s.carrier, s.vehicle ? { carrierLicensePlate: cut(s.vehicle.plate, 30) } : {}),
    itemList: (s.goods ?? []).map(item),
    specialAgreementsSenderCarrier: s.special_agreements ? { customSpecialAgreement: cut(s.special_agreements, 255) } : undefined,
    referenceIdentificationNumber: { value: note.shipmentId },
  });
  return { ecmrConsignment: consignment };
}
