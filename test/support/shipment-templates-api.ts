/** Small calls on the shipment templates API for route tests, and a template body taken from the full shipment fixture. */
import type { LightMyRequestResponse } from 'fastify';
import { SHIPMENT_TEMPLATE_PATHS } from '../../src/modules/shipment-templates/shipment-templates.routes.js';
import { TEMPLATE_FIELDS } from '../../src/modules/shipment-templates/shipment-template.schema.js';
import { fullShipment } from './shipment-fixtures.js';
import type { Tenant, TestApp } from './test-app.js';

/** The template fields of `fullShipment()` (Rotterdam → Duisburg) under a name. */
export function laneTemplate(name = 'Rotterdam → Duisburg, weekly'): Record<string, unknown> {
  const shipment = fullShipment() as Record<string, unknown>;
  return { name, ...Object.fromEntries(TEMPLATE_FIELDS.filter((f) => shipment[f] !== undefined).map((f) => [f, shipment[f]])) };
}

export interface ShipmentTemplatesApi {
  create(body: unknown, options?: { key?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** Creates and returns the 201 body; fails the test otherwise. */
  created(body?: unknown, key?: string): Promise<Record<string, unknown> & { id: string }>;
  get(id: string, key?: string): Promise<LightMyRequestResponse>;
  list(query?: string, key?: string): Promise<LightMyRequestResponse>;
  patch(id: string, body: unknown, key?: string): Promise<LightMyRequestResponse>;
  remove(id: string, key?: string): Promise<LightMyRequestResponse>;
}

export function shipmentTemplatesApi(t: TestApp, tenant: Tenant): ShipmentTemplatesApi {
  const auth = (key?: string) => t.auth(key ?? tenant.testKey);
  const one = (id: string) => SHIPMENT_TEMPLATE_PATHS.one.replace(':id', id);
  const api: ShipmentTemplatesApi = {
    create: (body, options = {}) => t.app.inject({ method: 'POST', url: SHIPMENT_TEMPLATE_PATHS.collection, headers: { ...auth(options.key), ...options.headers }, payload: body as object }),
    async created(body = laneTemplate(), key) {
      const res = await api.create(body, { key });
      if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    get: (id, key) => t.app.inject({ method: 'GET', url: one(id), headers: auth(key) }),
    list: (query = '', key) => t.app.inject({ method: 'GET', url: `${SHIPMENT_TEMPLATE_PATHS.collection}${query}`, headers: auth(key) }),
    patch: (id, body, key) =>
      t.app.inject({ method: 'PATCH', url: one(id), headers: { ...auth(key), 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify(body) }),
    remove: (id, key) => t.app.inject({ method: 'DELETE', url: one(id), headers: auth(key) }),
  };
  return api;
}
