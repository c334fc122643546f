/**
 * A shipment whose times fall on two wall clocks: established and picked up in Warsaw on a winter
 * morning (07:00 UTC is 08:00 CET), delivered in Helsinki on a summer morning (06:00 UTC is
 * 09:00 EEST). The pages and PDFs must print those local times with the zone named.
 */
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { fullShipment } from './shipment-fixtures.js';

export const WARSAW = { street: 'ul. Prosta 51', postal_code: '00-838', city: 'Warszawa', country: 'PL' };
export const HELSINKI = { street: 'Satamakatu 4', postal_code: '00160', city: 'Helsinki', country: 'FI' };

export function warsawToHelsinki(): ShipmentInput {
  const body = fullShipment();
  body.consignor = { ...body.consignor!, address: WARSAW };
  body.consignee = { ...body.consignee!, address: HELSINKI };
  body.pickup = { ...body.pickup!, address: WARSAW, window: { from: '2027-01-15T07:00:00Z', to: '2027-01-15T09:00:00Z' } };
  body.delivery = { ...body.delivery!, address: HELSINKI, window: { from: '2027-07-15T06:00:00Z', to: '2027-07-15T08:00:00Z' } };
  return body;
}
