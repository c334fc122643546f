/** Small calls on the webhooks API for route tests. */
import type { LightMyRequestResponse } from 'fastify';
import type { Tenant, TestApp } from './test-app.js';

export interface WebhooksApi {
  /** Creates an endpoint and returns the 201 body (with its secret); fails the test otherwise. */
  endpoint(body: { url: string; events: string[]; active?: boolean }, key?: string): Promise<{ id: string; secret: string; [k: string]: unknown }>;
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key?: string): Promise<LightMyRequestResponse>;
  deliveries(query?: string, key?: string): Promise<{ data: Delivery[]; has_more: boolean; next_cursor: string | null }>;
  delivery(id: string, key?: string): Promise<DeliveryDetail>;
}

export interface Delivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  origin: string;
  replay_of: string | null;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
}

export interface DeliveryDetail extends Delivery {
  request_headers: Record<string, string> | null;
  request_body: string;
  response_body: string | null;
  attempt_history: { number: number; started_at: string; finished_at: string | null; duration_ms: number | null; outcome: string; response_status: number | null; response_body: string | null; error: string | null }[];
}

export function webhooksApi(t: TestApp, tenant: Tenant): WebhooksApi {
  const call: WebhooksApi['call'] = (method, url, payload, key = tenant.testKey) =>
    t.app.inject({ method, url, headers: t.auth(key), ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = (res: LightMyRequestResponse, status: number) => {
    if (res.statusCode !== status) throw new Error(`${res.statusCode}: ${res.body}`);
    return res.json();
  };
  return {
    call,
    endpoint: async (body, key) => ok(await call('POST', '/v1/webhook-endpoints', body, key), 201),
    deliveries: async (query = '', key) => ok(await call('GET', `/v1/webhook-deliveries${query}`, undefined, key), 200),
    delivery: async (id, key) => ok(await call('GET', `/v1/webhook-deliveries/${id}`, undefined, key), 200),
  };
}
