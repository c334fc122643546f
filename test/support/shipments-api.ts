/** Small calls on the shipments API for route tests. */
import type { LightMyRequestResponse } from 'fastify';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { fullShipment } from './shipment-fixtures.js';
import type { Tenant, TestApp } from './test-app.js';

export interface ShipmentsApi {
  create(body?: ShipmentInput | unknown, options?: { issue?: boolean; key?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** Creates and returns the 201 body; fails the test otherwise. */
  created(body?: ShipmentInput, options?: { issue?: boolean; key?: string }): Promise<Record<string, unknown> & { id: string; status: string }>;
  get(id: string, key?: string): Promise<LightMyRequestResponse>;
  patch(id: string, body: unknown, options?: { key?: string; contentType?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  post(id: string, action: 'issue' | 'cancel', body?: unknown, key?: string): Promise<LightMyRequestResponse>;
  events(id: string, query?: string, key?: string): Promise<LightMyRequestResponse>;
  integrity(id: string, key?: string): Promise<LightMyRequestResponse>;
}

export function shipmentsApi(t: TestApp, tenant: Tenant): ShipmentsApi {
  const auth = (key?: string) => t.auth(key ?? tenant.testKey);
  const api: ShipmentsApi = {
    create: (body = fullShipment(), options = {}) =>
      t.app.inject({ method: 'POST', url: `/v1/shipments${options.issue ? '?issue=true' : ''}`, headers: { ...auth(options.key), ...options.headers }, payload: body as object }),
    async created(body = fullShipment(), options = {}) {
      const res = await api.create(body, options);
      if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    get: (id, key) => t.app.inject({ method: 'GET', url: `/v1/shipments/${id}`, headers: auth(key) }),
    patch: (id, body, options = {}) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/shipments/${id}`,
        headers: { ...auth(options.key), 'content-type': options.contentType ?? 'application/merge-patch+json', ...options.headers },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    post: (id, action, body, key) =>
      t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/${action}`, headers: auth(key), ...(body === undefined ? {} : { payload: body as object }) }),
    events: (id, query = '', key) => t.app.inject({ method: 'GET', url: `/v1/shipments/${id}/events${query}`, headers: auth(key) }),
    integrity: (id, key) => t.app.inject({ method: 'GET', url: `/v1/shipments/${id}/integrity`, headers: auth(key) }),
  };
  return api;
}
