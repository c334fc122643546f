/** Calls on the right-of-disposal API for route tests, and a shipment brought to a status for them. */
import type { LightMyRequestResponse } from 'fastify';
import { DISPOSAL_PATHS } from '../../src/modules/disposal/disposal.routes.js';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { minimalShipment } from './shipment-fixtures.js';
import { shipmentsApi } from './shipments-api.js';
import type { Tenant, TestApp } from './test-app.js';

export const NEW_PLACE = { address: { street: 'Industrieweg 40', postal_code: '5600 AA', city: 'Eindhoven', country: 'NL' } };
export const NEW_CONSIGNEE = { name: 'Brabant Distributie B.V.', address: { street: 'Industrieweg 40', postal_code: '5600 AA', city: 'Eindhoven', country: 'NL' } };

export function disposalApi(t: TestApp, tenant: Tenant) {
  const auth = (key?: string) => t.auth(key ?? tenant.testKey);
  const at = (path: string, shipmentId: string, instructionId = '') => path.replace(':id', shipmentId).replace(':instruction_id', instructionId);
  const api = {
    give: (shipmentId: string, body: object, key?: string): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'POST', url: at(DISPOSAL_PATHS.instructions, shipmentId), headers: { ...auth(key), 'user-agent': 'disposal-test/1.0' }, payload: body }),
    async given(shipmentId: string, body: object): Promise<Record<string, any> & { id: string }> {
      const res = await api.give(shipmentId, body);
      if (res.statusCode !== 201) throw new Error(`instruction answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    fromLink: (token: string, body: object) => t.app.inject({ method: 'POST', url: DISPOSAL_PATHS.signInstructions.replace(':token', token), headers: { 'user-agent': 'phone-browser/2.0' }, payload: body }),
    list: (shipmentId: string, query = '', key?: string) => t.app.inject({ method: 'GET', url: `${at(DISPOSAL_PATHS.instructions, shipmentId)}${query}`, headers: auth(key) }),
    accept: (shipmentId: string, instructionId: string, key?: string) => t.app.inject({ method: 'POST', url: at(DISPOSAL_PATHS.accept, shipmentId, instructionId), headers: auth(key) }),
    refuse: (shipmentId: string, instructionId: string, body: object, key?: string) => t.app.inject({ method: 'POST', url: at(DISPOSAL_PATHS.refuse, shipmentId, instructionId), headers: auth(key), payload: body }),
    arrive: (shipmentId: string, key?: string) => t.app.inject({ method: 'POST', url: at(DISPOSAL_PATHS.arrival, shipmentId), headers: auth(key) }),
    /** A shipment in `status`: issued, in_transit (consignor and carrier signed), arrived (in transit, arrival reported) or delivered. */
    async inStatus(status: 'draft' | 'issued' | 'in_transit' | 'arrived' | 'delivered' | 'cancelled', body: ShipmentInput = minimalShipment()): Promise<string> {
      const shipment = await shipmentsApi(t, tenant).created(body, { issue: status !== 'draft' });
      const sign = (role: string) => t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: auth(), payload: { role, signer_name: role } });
      if (status === 'cancelled') await shipmentsApi(t, tenant).post(shipment.id, 'cancel', {});
      if (status === 'in_transit' || status === 'arrived' || status === 'delivered') for (const role of ['consignor', 'carrier']) await sign(role);
      if (status === 'arrived') await api.arrive(shipment.id);
      if (status === 'delivered') await sign('consignee');
      return shipment.id;
    },
  };
  return api;
}
