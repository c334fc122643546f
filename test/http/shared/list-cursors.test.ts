/**
 * Every list an API key reads declares `cursor` and `limit` and walks page by page (service
 * description, Endpoints: lists are cursor-paginated). The lists are read from openapi.json
 * (operations whose 200 answer is a page with `next_cursor`), so a new list is covered without
 * touching this file. Forged cursors on every list, the console's and the driver's included, are
 * every-list-cursor.test.ts's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
const openapi = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};
const isPage = (op: Operation) => {
  const ref = op.responses['200']?.content?.['application/json']?.schema?.$ref;
  const schema = ref ? openapi.components.schemas[ref.replace('#/components/schemas/', '')] : undefined;
  return Boolean(schema?.properties?.next_cursor && schema.properties.data);
};
const LIST_OPERATIONS = Object.entries(openapi.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    // The lists an API key reads; the console's and the driver's, and forged cursors on every list, are walked in every-list-cursor.test.ts.
    .filter(([method, op]) => method === 'get' && isPage(op) && (op.security ?? []).some((s) => 'apiKey' in s))
    .map(([, op]) => ({ path, operationId: op.operationId, query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name) })),
);

describe.each(backends())('list cursors on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  /** Path parameters of the lists: every list under a resource is under a shipment today. */
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
    ids.id = (await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true })).id;
  });
  afterAll(() => t.close());
  const url = (path: string, query: string) => `${path.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name] ?? `no id for {${name}} in this test`)}?${query}`;

  it('finds the lists in the document', () => {
    const names = LIST_OPERATIONS.map((o) => o.operationId);
    expect(names).toEqual(expect.arrayContaining(['listShipments', 'listEvents', 'listUsage', 'listShipmentSignatures', 'listWebhookDeliveries']));
    expect(names.length).toBeGreaterThanOrEqual(11);
  });

  it.each(LIST_OPERATIONS)('$operationId declares cursor and limit', ({ query }) => {
    expect(query).toEqual(expect.arrayContaining(['cursor', 'limit']));
  });

  // Rows added during the walk (request-log rows of the walk itself) may appear too; none repeats.
  it.each(LIST_OPERATIONS)('$operationId walks pages with limit=1 until next_cursor is null, never repeating a row', async ({ path }) => {
    const first = await t.app.inject({ method: 'GET', url: url(path, ''), headers: t.auth(tenant.testKey) });
    expect(first.statusCode).toBe(200);
    const all = first.json().data as unknown[];
    const walked: unknown[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null; pages++) {
      expect(pages).toBeLessThanOrEqual(all.length + 20);
      const res = await t.app.inject({ method: 'GET', url: url(path, `limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`), headers: t.auth(tenant.testKey) });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { data: unknown[]; has_more: boolean; next_cursor: string | null };
      expect(page.has_more).toBe(page.next_cursor !== null);
      walked.push(...page.data);
      cursor = page.next_cursor;
    }
    const seen = walked.map((row) => JSON.stringify(row));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(all.map((row) => JSON.stringify(row))));
  });

  it('usage and signatures walk more than one page', async () => {
    for (const path of ['/v1/usage', `/v1/shipments/${ids.id}/signatures`]) {
      if (path.endsWith('/signatures')) {
        for (const role of ['consignor', 'carrier']) {
          const res = await t.app.inject({ method: 'POST', url: path, payload: { role, signer_name: 'A. Signer' }, headers: t.auth(tenant.testKey) });
          expect(res.statusCode).toBe(201);
        }
      }
      const first = (await t.app.inject({ method: 'GET', url: `${path}?limit=1`, headers: t.auth(tenant.testKey) })).json();
      expect(first.has_more).toBe(true);
      const second = (await t.app.inject({ method: 'GET', url: `${path}?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`, headers: t.auth(tenant.testKey) })).json();
      expect(second.data).toHaveLength(1);
      expect(second.data[0]).not.toEqual(first.data[0]);
    }
  });
});
