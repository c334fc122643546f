/**
 * Calls on the inspect area for route tests: an issued shipment with its inspection link, the JSON
 * and the page behind it, the view log, and a shipment driven to delivery. Each call comes from its
 * own client address unless told, so the per-address limit (60 a minute) only bites where a test
 * means it to — on Redis the counters outlive the test, so the addresses differ per run too.
 */
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { INSPECT_PATHS } from '../../src/modules/inspect/inspect.routes.js';
import { fullShipment } from './shipment-fixtures.js';
import { shipmentsApi } from './shipments-api.js';
import type { Tenant, TestApp } from './test-app.js';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';

let next = randomInt(0, 1 << 20);
/** An address of 10.0.0.0/8 no other call of this run used. */
export function freshAddress(): string {
  next += 1;
  return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
}

const path = (template: string, token: string) => template.replace(':token', encodeURIComponent(token));

export function inspectApi(t: TestApp) {
  return {
    /** Creates and issues a shipment; its token is the last segment of `inspection_url`. */
    async issued(tenant: Tenant, body: ShipmentInput = fullShipment()) {
      const shipment = await shipmentsApi(t, tenant).created(body, { issue: true });
      const url = shipment.inspection_url as string;
      return { shipment, url, token: url.slice(url.lastIndexOf('/') + 1) };
    },
    json: (token: string, options: { headers?: Record<string, string>; from?: string } = {}) =>
      t.app.inject({ method: 'GET', url: path(INSPECT_PATHS.inspection, token), headers: options.headers, remoteAddress: options.from ?? freshAddress() }),
    page: (token: string, options: { headers?: Record<string, string>; from?: string; query?: string } = {}) =>
      t.app.inject({ method: 'GET', url: `${path(INSPECT_PATHS.page, token)}${options.query ?? ''}`, headers: options.headers, remoteAddress: options.from ?? freshAddress() }),
    views: (tenant: Tenant, shipmentId: string, query = '') => t.app.inject({ method: 'GET', url: `${INSPECT_PATHS.views.replace(':id', shipmentId)}${query}`, headers: t.auth(tenant.testKey) }),
    /** Signs as consignor, carrier and consignee: the shipment is delivered. */
    async deliver(tenant: Tenant, shipmentId: string) {
      for (const [role, signer_name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen'], ['consignee', 'Jonas Becker']]) {
        const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name } });
        expect(res.statusCode, res.body).toBe(201);
      }
    },
  };
}
