/**
 * Every list takes `cursor` and refuses one it did not issue (DESIGN: lists answer data/has_more/
 * next_cursor; a forged, edited or foreign cursor is 400 `invalid_cursor`, never a silent first
 * page). The lists are read from openapi.json (every GET whose answer has the list shape), so a new
 * list is covered. The members, console sessions and driver tours lists, which ignored `cursor`,
 * are also walked page by page.
 */
import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { consoleSessionHeaders, memberSessionHeaders } from '../../support/console-session.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

interface Schema {
  $ref?: string;
  properties?: Record<string, unknown>;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
// The committed document, which a test in system.test.ts keeps equal to the generated one.
const openapi = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(openapi.components.schemas[schema.$ref.split('/').at(-1)!]!) : schema);
const isList = (op: Operation) =>
  Object.values(op.responses['200']?.content ?? {}).some(({ schema }) => {
    const properties = resolve(schema).properties ?? {};
    return 'data' in properties && 'has_more' in properties && 'next_cursor' in properties;
  });
const LISTS = Object.entries(openapi.paths).flatMap(([path, ops]) => (ops.get && isList(ops.get) ? [{ path, op: ops.get, security: Object.keys(ops.get.security?.[0] ?? {})[0] }] : []));

/** Cursors this API never issued: a bare word, a well-shaped payload with a made-up signature, and an edited one. */
const payload = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const FORGED = ['abc', `${payload({ l: 'shipments', o: 'desc', a: 'shp_01JD0000000000000000000000', e: 9e15 })}.${'A'.repeat(43)}`, `${payload({ l: 'x' })}.x.y`];

describe.each(backends())('list cursors on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  let shipmentId: string;
  let driverToken: string;
  let phone: string;
  let consoleHeaders: { cookie: string; origin: string };
  let consoleEmail: string;
  beforeAll(async () => {
    // A sweep of every list, four calls each, runs faster than the per-key limit of 100 a second on a quick machine.
    t = await buildTestApp(backend, { env: { RATE_LIMIT_REQUESTS: '1000000' } });
    tenant = await t.newTenant();
    shipmentId = (await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true })).id;
    phone = `+4861${randomInt(1_000_000, 9_999_999)}${randomInt(0, 10)}`;
    // Five tours for the phone, on five days, to walk the driver's list.
    for (let day = 1; day <= 5; day++) {
      const tour = { name: `Day ${day}`, date: `2099-01-0${day}`, driver: { name: 'Lena Vogel', phone }, stops: [{ shipment_id: shipmentId, kind: 'pickup' }] };
      expect((await t.app.inject({ method: 'POST', url: '/v1/tours', headers: t.auth(tenant.testKey), payload: tour })).statusCode).toBe(201);
    }
    const opened = await t.app.inject({ method: 'POST', url: '/v1/test/driver-sessions', headers: t.auth(tenant.testKey), payload: { phone } });
    expect(opened.statusCode, opened.body).toBe(201);
    driverToken = opened.json().token;
    consoleEmail = `cursor-${randomInt(0, 1e9)}@transport.example`;
    consoleHeaders = await consoleSessionHeaders(t, consoleEmail);
  }, 120_000);
  afterAll(() => t.close());

  const credentials = (security: string | undefined) =>
    security === 'cookieAuth' ? consoleHeaders : security === 'driverSession' ? { authorization: `Bearer ${driverToken}` } : t.auth(tenant.testKey);
  const get = (url: string, security: string | undefined, headers: Record<string, string> = credentials(security)) => t.app.inject({ method: 'GET', url, headers });

  it('finds the lists in openapi.json, the three that ignored cursor among them, each declaring cursor and invalid_cursor', () => {
    expect(LISTS.length).toBeGreaterThanOrEqual(20);
    for (const path of ['/v1/auth/members', '/v1/auth/sessions', '/v1/driver/tours']) expect(LISTS.map((l) => l.path)).toContain(path);
    for (const { path, op } of LISTS) {
      expect(op.parameters?.some((p) => p.in === 'query' && p.name === 'cursor'), path).toBe(true);
      expect(JSON.stringify(op.responses['400'] ?? {}), path).toContain('invalid_cursor');
    }
  });

  it.each(LISTS)('$path answers a forged cursor with 400 invalid_cursor', async ({ path, security }) => {
    const base = path.replace('{id}', shipmentId);
    const first = await get(base, security);
    expect(first.statusCode, first.body).toBe(200);
    for (const cursor of FORGED) expectProblem(await get(`${base}?cursor=${encodeURIComponent(cursor)}`, security), 'invalid_cursor');
  });

  /** Walks a list two at a time; the ids of every page, in order. */
  async function walk(url: string, headers: Record<string, string>, idOf: (row: Record<string, string>) => string = (row) => row.id!): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await t.app.inject({ method: 'GET', url: `${url}?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { data: Record<string, string>[]; has_more: boolean; next_cursor: string | null };
      pages.push(page.data.map(idOf));
      expect(page.has_more).toBe(page.next_cursor !== null);
      cursor = page.next_cursor;
    } while (cursor !== null && pages.length < 10);
    return pages;
  }

  it('pages through the driver\'s tours by date, and its cursor works for that session only', async () => {
    const pages = await walk('/v1/driver/tours', { authorization: `Bearer ${driverToken}` }, (row) => row.date!);
    expect(pages).toEqual([['2099-01-01', '2099-01-02'], ['2099-01-03', '2099-01-04'], ['2099-01-05']]);
    const page = (await get('/v1/driver/tours?limit=2', 'driverSession')).json();
    const other = (await t.app.inject({ method: 'POST', url: '/v1/test/driver-sessions', headers: t.auth(tenant.testKey), payload: { phone } })).json().token as string;
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/driver/tours?cursor=${encodeURIComponent(page.next_cursor)}`, headers: { authorization: `Bearer ${other}` } }), 'invalid_cursor');
  });

  it('pages through the console sessions, newest first, and through the members, longest-standing first', async () => {
    // Four more sessions of the same user (five in all).
    const sessions = [consoleHeaders];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1000);
      sessions.push(await consoleSessionHeaders(t, consoleEmail));
    }
    const newest = sessions.at(-1)!;
    const pages = await walk('/v1/auth/sessions', newest);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const all = (await get('/v1/auth/sessions?limit=100', 'cookieAuth', newest)).json().data.map((s: { id: string }) => s.id);
    expect(pages.flat()).toEqual(all);
    expect(all).toHaveLength(5);
    expect([...all].sort().reverse()).toEqual(all);
    // Another user's cursor is not this user's.
    const stranger = await consoleSessionHeaders(t);
    const cursor = (await get('/v1/auth/sessions?limit=2', 'cookieAuth', newest)).json().next_cursor;
    expectProblem(await get(`/v1/auth/sessions?cursor=${encodeURIComponent(cursor)}`, 'cookieAuth', stranger), 'invalid_cursor');

    const session = (await get('/v1/auth/session', 'cookieAuth', newest)).json();
    const user = await t.runtime.services.db.selectFrom('users').select('id').where('email', '=', consoleEmail).executeTakeFirstOrThrow();
    const joined = [user.id];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1000);
      joined.push((await memberSessionHeaders(t, session.organization.id, user.id, 'viewer')).userId);
    }
    const members = await walk('/v1/auth/members', newest, (row) => row.user_id!);
    expect(members).toEqual([joined.slice(0, 2), joined.slice(2, 4), joined.slice(4)]);
    const list = (await get('/v1/auth/members?limit=2', 'cookieAuth', newest)).json();
    expect(list).toMatchObject({ has_more: true, invitations: [] });
    expect((await get('/v1/auth/members?order=desc&limit=100', 'cookieAuth', newest)).json().data.map((m: { user_id: string }) => m.user_id)).toEqual([...joined].reverse());
  });
});
