/**
 * Tenant isolation, swept over every operation of the OpenAPI document the app serves (DESIGN,
 * Architecture: "a row of another organisation or mode is `not_found`"). Two organisations, each
 * seeded through the API with one of every resource (test mode, and live mode for the first);
 * then every keyed operation with a resource id in its path, and every list with an id filter, is
 * called with another organisation's key and with the other mode's key on those ids. The answer
 * must be the one an id that names nothing gets, which is `not_found`, and no body may carry an
 * id of the owner; nothing the owner sees may change. A route added to the code is swept without a
 * test of its own; one whose parameters the sweep cannot fill fails the self-check.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { idPrefixOf, idsIn, operationsOf, servedOpenApi, urlOf, type OpenApiDocument, type Operation, type Parameter } from '../support/openapi-operations.js';
import { exampleBody } from '../support/request-bodies.js';
import { randomId } from '../support/schema-arbitraries.js';
import { seedTenant, type SeededTenant } from '../support/tenant-seed.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

/**
 * Public operations with a path parameter: capability links, where the secret in the URL is the
 * authority and no key or mode applies. A new public operation with a parameter must be added
 * here, with the reason it needs no tenant check, or the self-check fails.
 */
const CAPABILITY_ROUTES: Record<string, string> = {
  downloadDocument: 'signed download URL: the HMAC signature over id and expiry authorises it (test/http/documents)',
  downloadExport: "signed download URL: the HMAC signature over the export's id, organisation, mode and expiry authorises it (test/export)",
  getInspection: 'inspection link: the token is the authority',
  getSignContext: 'sign link: the token is the authority',
  sendSignOtp: 'sign link: the token is the authority',
  verifySignOtp: 'sign link: the token is the authority',
  identifySigner: 'sign link: the token is the authority',
  submitSignature: 'sign link: the token is the authority',
  handOffSignLink: 'sign link: the token is the authority',
  createSignLinkRemark: 'sign link: the token is the authority',
  giveSignLinkDisposalInstruction: 'sign link: the token is the authority',
  getSignLinkPhoto: "sign link: the token is the authority, and only photos of its own shipment's remarks open (test/http/remarks/sign-link-remark-photos)",
  getSignerCopy: "sign link: the used link's token is the authority, and it opens only the copy its own signature made (test/http/signer-copies)",
  getInspectionPhoto: "inspection link: the token is the authority, and only photos of its own shipment's remarks open (test/http/inspect/get-inspection-photo)",
  receiveProviderWebhook: "provider webhook: the provider's signature is the authority, and the note it names decides the tenant",
};

/** Keyed operations whose path names the deployment's data, the same for every organisation (the providers catalogue). */
const SHARED_ROUTES: Record<string, string> = {
  getProvider: "the providers catalogue: the deployment's, read alike by every organisation",
};

interface Caller {
  name: string;
  key: string;
}

/** Kinds that exist only in the sandbox (test clocks): a live owner has none to seed. */
const SANDBOX_ONLY_PREFIXES = new Set(['clk']);
const isIdFilter = (p: Parameter) => p.in === 'query' && (idPrefixOf(p.schema) !== undefined || p.name.endsWith('_id'));
const pathParams = (op: Operation) => op.params.filter((p) => p.in === 'path');
/** A path parameter that places within a resource (a tour's stop position) rather than naming one: the sweep fills it with 1. */
const isOrdinal = (p: Operation['params'][number]) => (p.schema as { type?: unknown }).type === 'integer';
/** Declared, not built (src/http/planned-routes.ts): no success documented, so no row is read. */
const isPlanned = (op: Operation) => !op.statuses.some((s) => s >= 200 && s < 300);

describe.each(backends())('tenant isolation swept from openapi.json on $name', (backend) => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let operations: Operation[];
  let a: Tenant;
  let b: Tenant;
  const owners: SeededTenant[] = [];
  let callersOf: (o: SeededTenant) => Caller[];

  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { RATE_LIMIT_REQUESTS: '1000000' } });
    a = await t.newTenant();
    b = await t.newTenant();
    doc = await servedOpenApi(t);
    operations = operationsOf(doc);
    owners.push(await seedTenant(t, a, 'test'), await seedTenant(t, a, 'live'), await seedTenant(t, b, 'test'));
    const keys: Caller[] = [
      { name: 'A test', key: a.testKey },
      { name: 'A live', key: a.liveKey },
      { name: 'B test', key: b.testKey },
      { name: 'B live', key: b.liveKey },
    ];
    callersOf = (o) => keys.filter((k) => k.key !== o.key);
  }, 180_000);
  afterAll(() => t?.close());

  const send = (op: Operation, key: string, url: string, withBody = true): Promise<LightMyRequestResponse> => {
    const body = withBody ? exampleBody(op, { doc }) : undefined;
    return t.app.inject({
      method: op.method as 'GET',
      url,
      headers: { ...t.auth(key), ...(body ? { 'content-type': body.contentType } : {}) },
      ...(body ? { payload: body.payload } : {}),
    });
  };
  const codeOf = (res: LightMyRequestResponse) => (res.headers['content-type']?.toString().startsWith('application/problem+json') ? res.json().code : undefined);
  const answer = (res: LightMyRequestResponse) => `${res.statusCode} ${codeOf(res) ?? ''}`.trim();
  /** Ids of `o` in a body that the request did not itself carry. */
  const leaked = (o: SeededTenant, res: LightMyRequestResponse, sent: string) => idsIn(res.body).filter((id) => o.all.has(id) && !sent.includes(id));
  /**
   * The request log lists the caller's own calls with the path as called: an id of another tenant
   * there is one the caller itself put in a path (the sweep above does), its own input echoed back.
   */
  const ownCalledPaths = (op: Operation, res: LightMyRequestResponse): string =>
    op.path === '/v1/request-logs' && res.statusCode === 200 ? (res.json().data as { url_path?: string }[]).map((entry) => entry.url_path ?? '').join(' ') : '';

  it('self-check: every keyed operation with a path or filter id can be filled from the seeded resources; public ones are capability links', () => {
    const unfillable: string[] = [];
    for (const op of operations) {
      const params = [...pathParams(op), ...op.params.filter(isIdFilter)];
      if (params.length === 0) continue;
      // Console routes take no API key (every key is `forbidden`): what they reach is the session's
      // user's, checked in test/console-auth (another user's session id is not_found).
      if (op.console || SHARED_ROUTES[op.operationId]) continue;
      // Driver routes take no API key either: what a driver session reaches (its phone's tours in the
      // organisations that granted it) is checked in test/driver, every route with another driver's ids.
      if (op.driver) continue;
      if (!op.keyed) {
        if (pathParams(op).length > 0 && !CAPABILITY_ROUTES[op.operationId]) unfillable.push(`${op.operationId}: public with a path parameter, but not a known capability link`);
        continue;
      }
      for (const p of params) {
        if (isOrdinal(p)) continue;
        const prefix = idPrefixOf(p.schema);
        if (!prefix) unfillable.push(`${op.operationId}: ${p.in} parameter ${p.name} names no id prefix the sweep can fill`);
        else for (const o of owners) if (!o.ids.get(prefix)?.length && !(o.mode === 'live' && SANDBOX_ONLY_PREFIXES.has(prefix))) unfillable.push(`${op.operationId}: no seeded ${prefix}_ id (${o.mode}) for ${p.name}: seed one in test/support/tenant-seed.ts`);
      }
    }
    expect(unfillable).toEqual([]);
  });

  it('every operation on another organisation\'s or mode\'s id answers as for an id that names nothing (not_found), leaks no id and changes nothing', { timeout: 300_000 }, async () => {
    const swept = operations.filter((op) => op.keyed && pathParams(op).length > 0 && !SHARED_ROUTES[op.operationId]);
    // The reads the owner's rows are seen through; a read naming two ids (a credit note of an invoice) is swept below like every operation.
    const reads = swept.filter((op) => op.method === 'GET' && pathParams(op).length === 1);
    const snapshot = async () => {
      const seen = new Map<string, string>();
      for (const o of owners) {
        for (const op of reads) {
          for (const p of pathParams(op)) {
            for (const id of o.ids.get(idPrefixOf(p.schema)!) ?? []) {
              const url = urlOf(op, { [p.name]: id });
              const res = await send(op, o.key, url);
              // Problems carry the request's own id: not part of what the owner sees of the row.
              seen.set(`${o.mode} ${url}`, `${res.statusCode} ${res.body.replace(/"request_id":"req_\w+"/, '')}`);
            }
          }
        }
      }
      return seen;
    };
    const before = await snapshot();
    // Each owner reaches each of its ids on some read: the sweep tests real rows, not typos.
    for (const [where, got] of before) expect.soft(got.startsWith('404') && got.includes('"code":"not_found"'), `${where}: the owner's own read`).toBe(false);

    const failures: string[] = [];
    for (const o of owners) {
      for (const op of swept) {
        for (const caller of callersOf(o)) {
          const fresh = Object.fromEntries(pathParams(op).map((p) => [p.name, isOrdinal(p) ? '1' : randomId(idPrefixOf(p.schema)!)]));
          const nothing = await send(op, caller.key, urlOf(op, fresh));
          if (codeOf(nothing) !== 'not_found' && !isPlanned(op) && codeOf(nothing) !== 'test_mode_only') failures.push(`${caller.name} ${op.method} ${urlOf(op, fresh)} (names nothing): ${answer(nothing)}, expected 404 not_found`);
          for (const p of pathParams(op)) {
            for (const id of o.ids.get(idPrefixOf(p.schema)!) ?? []) {
              const url = urlOf(op, { ...fresh, [p.name]: id });
              const res = await send(op, caller.key, url);
              if (answer(res) !== answer(nothing)) failures.push(`${caller.name} ${op.method} ${url} (${o.mode} of ${o === owners[2] ? 'B' : 'A'}): ${answer(res)}, but ${answer(nothing)} for an id that names nothing`);
              const ids = leaked(o, res, url);
              if (ids.length > 0) failures.push(`${caller.name} ${op.method} ${url}: body carries ${ids.join(', ')} of the owner`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    const after = await snapshot();
    for (const [where, got] of after) expect.soft(got, where).toBe(before.get(where));
  });

  it('every list, unfiltered and filtered by another organisation\'s or mode\'s ids, shows none of them', { timeout: 120_000 }, async () => {
    const lists = operations.filter((op) => op.keyed && op.method === 'GET' && pathParams(op).length === 0);
    const failures: string[] = [];
    for (const o of owners) {
      for (const op of lists) {
        for (const caller of callersOf(o)) {
          const plain = await send(op, caller.key, op.path, false);
          const ids = leaked(o, plain, ownCalledPaths(op, plain));
          if (ids.length > 0) failures.push(`${caller.name} GET ${op.path}: body carries ${ids.join(', ')} of ${o.mode}`);
          for (const p of op.params.filter(isIdFilter)) {
            let ownerSawOne = false;
            for (const id of o.ids.get(idPrefixOf(p.schema)!) ?? []) {
              const url = `${op.path}?${p.name}=${id}`;
              const res = await send(op, caller.key, url, false);
              const empty = res.statusCode === 200 && Array.isArray(res.json().data) && res.json().data.length === 0;
              if (!empty && codeOf(res) !== 'not_found') failures.push(`${caller.name} GET ${url} (${o.mode}): ${answer(res)} ${res.body.slice(0, 300)}, expected an empty list or not_found`);
              const found = leaked(o, res, url + ownCalledPaths(op, res));
              if (found.length > 0) failures.push(`${caller.name} GET ${url}: body carries ${found.join(', ')} of the owner`);
              const own = await send(op, o.key, url, false);
              if (own.statusCode === 200 && own.json().data?.length > 0) ownerSawOne = true;
            }
            if (!ownerSawOne) failures.push(`GET ${op.path}?${p.name}=: no seeded id of ${o.mode} finds anything for its owner, so the filter was not tested`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
