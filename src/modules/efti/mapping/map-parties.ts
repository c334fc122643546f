/**
 * Parties and places of the consignment note → eFTI trade parties and logistics locations
 * (docs/efti.md, mapping table): consignor (eFTI49–62, 52/53, 859), consignee (68–81), carrier
 * (85–106), successive carriers as connecting carriers (116–132), the place of taking over
 * (carrierAcceptanceLocation 141–151) and of delivery (consigneeReceiptLocation 152–167).
 *
 * An address is `postalAddress`: the house number stays in `streetName` (we keep street and number
 * as one field, and splitting them would guess), `additional` goes to `additionalStreetName` when
 * it fits its 35 characters and otherwise continues `streetName` (which repeats) rather than being
 * cut. A department (consignor only: the other addresses have no departmentName in the Annex) or
 * PO box that does not fit its single element is left out; docs/efti.md says so.
 */
import type { EftiNode } from '../efti-node.js';
import { field, isObject, objectAt, stringAt } from '../../shipments/rules/draft-reader.js';
import { annexElement } from './annex.js';
import { compact } from './compact-node.js';
import { code, text, texts } from './efti-values.js';

type Built = EftiNode | undefined;

export function postalAddress(base: string, address: unknown): Built {
  if (!isObject(address)) return undefined;
  // Not every address of the Annex has every part (the locations have no PO box or department).
  const at = (name: string) => (annexElement(`${base}/${name}`) ? `${base}/${name}` : undefined);
  const one = (name: string, value: string | undefined) => {
    const path = at(name);
    return path ? text(path, value) : undefined;
  };
  const many = (name: string, value: string | undefined) => {
    const path = at(name);
    return path ? texts(path, value) : undefined;
  };
  const additional = stringAt(address, 'additional');
  const additionalFits = one('additionalStreetName', additional);
  const street = [stringAt(address, 'street'), additionalFits ? undefined : additional].flatMap((line) => many('streetName', line) ?? []);
  return compact({
    additionalStreetName: additionalFits,
    cityName: many('cityName', stringAt(address, 'city')),
    countryCode: code(`${base}/countryCode`, stringAt(address, 'country')),
    countrySubDivisionName: many('countrySubDivisionName', stringAt(address, 'country_subdivision')),
    departmentName: one('departmentName', stringAt(address, 'department')),
    postOfficeBox: one('postOfficeBox', stringAt(address, 'po_box')),
    postcode: many('postcode', stringAt(address, 'postal_code')),
    streetName: street,
  });
}

/** The consignor's telephone and e-mail (eFTI52, 53), in one contact; the table maps no other party's contact. */
function contactDetails(base: string, contact: unknown): EftiNode[] | undefined {
  const at = (name: string) => `${base}/definedContactDetails/${name}`;
  const phone = text(at('telephone/completeNumber'), stringAt(contact, 'phone'));
  const email = text(at('emailAddress/uRI'), stringAt(contact, 'email'));
  const details = compact({ emailAddress: email ? { uRI: email } : undefined, telephone: phone ? [{ completeNumber: phone }] : undefined });
  return details ? [details] : undefined;
}

export type PartyRole = 'consignor' | 'consignee' | 'carrier' | 'connectingCarrier';

/**
 * A trade party: name split at 35 and address for every role; the EORI number as id for the
 * consignor (eFTI49), carrier (85) and connecting carriers (116); the consignor's contact and VAT
 * number (859) too. The consignee's id, tax registration and contacts, which the Annex has but
 * the table does not map, stay out: personal contact data goes only where a subset asks.
 */
export function tradeParty(role: PartyRole, party: unknown): Built {
  if (!isObject(party)) return undefined;
  const base = `consignment/${role}`;
  const at = (name: string) => `${base}/${name}`;
  const isConsignor = role === 'consignor';
  const vat = isConsignor ? text(at('taxRegistration/id'), stringAt(party, 'vat_number')) : undefined;
  return compact({
    definedContactDetails: isConsignor ? contactDetails(base, field(party, 'contact')) : undefined,
    id: role !== 'consignee' ? text(at('id'), stringAt(party, 'eori')) : undefined,
    name: texts(at('name'), stringAt(party, 'name')),
    postalAddress: postalAddress(at('postalAddress'), field(party, 'address')),
    taxRegistration: vat ? [{ id: vat }] : undefined,
  });
}

/** A place of taking over or delivery: its address only (no UN/LOCODE or place name in our stop). */
export function location(base: string, stop: unknown): Built {
  return compact({ postalAddress: postalAddress(`${base}/postalAddress`, objectAt(stop, 'address')) });
}
