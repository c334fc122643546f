/** Calls on the delegations API (federated access) for route tests. */
import type { LightMyRequestResponse } from 'fastify';
import { DELEGATION_PATHS } from '../../src/modules/federated/delegations.routes.js';
import type { MadeCertificate } from './openssl.js';
import type { Tenant, TestApp } from './test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

export interface DelegationsApi {
  /** A valid grant body for this certificate, `days` ahead (default 30), with `overrides` merged on top. */
  body(grantee: MadeCertificate, options?: { days?: number; overrides?: Record<string, unknown> }): Record<string, unknown>;
  grant(shipmentId: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Grants and returns the 201 body; fails the test otherwise. */
  granted(shipmentId: string, grantee: MadeCertificate, options?: { days?: number; overrides?: Record<string, unknown> }): Promise<Record<string, any> & { id: string; evidence: string }>;
  list(shipmentId: string, query?: string): Promise<LightMyRequestResponse>;
  get(delegationId: string): Promise<LightMyRequestResponse>;
  revoke(delegationId: string): Promise<LightMyRequestResponse>;
}

export function delegationsApi(t: TestApp, tenant: Tenant): DelegationsApi {
  const auth = t.auth(tenant.testKey);
  const api: DelegationsApi = {
    body: (grantee, { days = 30, overrides = {} } = {}) => ({
      grantee: { name: `Platform ${grantee.name}`, platform_id: `platform-${grantee.name}`, certificate: grantee.certificatePem },
      on_behalf_of: 'carrier',
      scope: ['read'],
      expires_at: new Date(t.clock.now().getTime() + days * DAY_MS).toISOString(),
      ...overrides,
    }),
    grant: (shipmentId, body, headers = {}) => t.app.inject({ method: 'POST', url: path(DELEGATION_PATHS.delegations, { id: shipmentId }), headers: { ...auth, ...headers }, payload: body as object }),
    async granted(shipmentId, grantee, options) {
      const res = await api.grant(shipmentId, api.body(grantee, options));
      if (res.statusCode !== 201) throw new Error(`grant answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    list: (shipmentId, query = '') => t.app.inject({ method: 'GET', url: `${path(DELEGATION_PATHS.delegations, { id: shipmentId })}${query}`, headers: auth }),
    get: (delegationId) => t.app.inject({ method: 'GET', url: path(DELEGATION_PATHS.delegation, { id: delegationId }), headers: auth }),
    revoke: (delegationId) => t.app.inject({ method: 'DELETE', url: path(DELEGATION_PATHS.delegation, { id: delegationId }), headers: auth }),
  };
  return api;
}
