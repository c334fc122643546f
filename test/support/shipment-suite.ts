/**
 * The shared setup of the shipment route tests: per backend, one test app, one tenant with its
 * shipments API, and the domain context of that tenant's test mode (for the transitions that the
 * signature areas will drive). Fields are filled in `beforeAll`.
 */
import { afterAll, beforeAll } from 'vitest';
import type { TenantContext } from '../../src/core/context.js';
import type { Backend } from './backends.js';
import { shipmentsApi, type ShipmentsApi } from './shipments-api.js';
import { buildTestApp, type Tenant, type TestApp, type TestAppOptions } from './test-app.js';

export interface ShipmentSuite {
  t: TestApp;
  tenant: Tenant;
  api: ShipmentsApi;
  ctx: TenantContext;
}

export function shipmentSuite(backend: Backend, options: TestAppOptions = {}): ShipmentSuite {
  const suite = {} as ShipmentSuite;
  beforeAll(async () => {
    suite.t = await buildTestApp(backend, options);
    suite.tenant = await suite.t.newTenant();
    suite.api = shipmentsApi(suite.t, suite.tenant);
    suite.ctx = { ...suite.t.runtime.services, organizationId: suite.tenant.organizationId, mode: 'test', requestId: 'req_test' };
  });
  afterAll(() => suite.t.close());
  return suite;
}
