/**
 * Routing rules: ordered rules kept per organisation and mode; at issue the
 * first matching one decides (`shipment.routed` in the chain), and a hand-over is a durable row
 * sent by a retried job through the olf-ecmr adapter to a fake OLF eCMR server, with its own
 * chained events delivered by our webhooks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_PATHS } from '../../src/modules/providers/providers.routes.js';
import { backends } from '../support/backends.js';
import { providerBed, RULES_PATH, type ProviderBed } from '../support/provider-bed.js';
import { shipmentsApi, type ShipmentsApi } from '../support/shipments-api.js';
import type { Tenant } from '../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
const handoverOf = (id: string) => PROVIDER_PATHS.handover.replace(':id', id);
const refreshOf = (id: string) => PROVIDER_PATHS.refresh.replace(':id', id);

describe.each(backends())('routing rules on $name', (backend) => {
  let bed: ProviderBed;
  let tenant: Tenant;
  let shipments: ShipmentsApi;
  beforeAll(async () => {
    bed = await providerBed(backend);
  });
  afterAll(() => bed.close());
  beforeEach(async () => {
    // Jobs other tests left due run now, so they spend none of this test's scripted failures.
    await bed.runJobs();
    tenant = await bed.t.newTenant();
    shipments = shipmentsApi(bed.t, tenant);
  });
  const rule = async (body: Record<string, unknown>) => {
    const res = await bed.call(tenant, 'POST', RULES_PATH, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const eventTypes = async (id: string) => ((await shipments.events(id)).json().data as { type: string; data: Record<string, unknown> }[]);

  it('keeps rules in order: insert at a position, reorder, delete closes the gap', async () => {
    const a = await rule({ name: 'A', match: { to_countries: ['BE'] }, action: 'keep' });
    const b = await rule({ name: 'B', match: {}, action: 'hand_over', provider_id: 'olf-ecmr' });
    const c = await rule({ name: 'C', match: { transport_types: ['cabotage'] }, action: 'keep', position: 0 });
    const names = async () => ((await bed.call(tenant, 'GET', RULES_PATH)).json().data as { name: string; position: number }[]).map((r) => `${r.position}:${r.name}`);
    expect(await names()).toEqual(['0:C', '1:A', '2:B']);
    const reordered = await bed.call(tenant, 'POST', PROVIDER_PATHS.reorder, { rule_ids: [b.id, a.id, c.id] });
    expect(reordered.statusCode).toBe(200);
    expect(await names()).toEqual(['0:B', '1:A', '2:C']);
    const incomplete = await bed.call(tenant, 'POST', PROVIDER_PATHS.reorder, { rule_ids: [b.id, a.id] });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: '$.rule_ids', code: 'rule_ids_incomplete' }] });
    expect((await bed.call(tenant, 'DELETE', `${RULES_PATH}/${b.id}`)).statusCode).toBe(204);
    expect(await names()).toEqual(['0:A', '1:C']);
    const patched = await bed.call(tenant, 'PATCH', `${RULES_PATH}/${a.id}`, { action: 'hand_over', provider_id: 'olf-ecmr', name: 'A2' });
    expect(patched.json()).toMatchObject({ name: 'A2', action: 'hand_over', provider_id: 'olf-ecmr', position: 0 });
    expect((await bed.call(tenant, 'GET', `${RULES_PATH}/${a.id}`)).json().name).toBe('A2');
  });

  it('hand_over needs a provider of the catalogue that this deployment configured; keep names none', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'hand_over', provider_id: 'nobody' }, 'provider_unknown'],
      [{ action: 'hand_over', provider_id: 'transfollow' }, 'provider_not_configured'],
      [{ action: 'hand_over' }, 'required'],
      [{ action: 'keep', provider_id: 'olf-ecmr' }, 'provider_not_for_keep'],
    ];
    for (const [body, code] of cases) {
      const res = await bed.call(tenant, 'POST', RULES_PATH, { name: 'x', match: {}, ...body });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: '$.provider_id', code }] });
    }
  });

  it("another organisation's rule is not_found; an id of another shape invalid_id", async () => {
    const other = await bed.t.newTenant();
    const theirs = (await bed.call(other, 'POST', RULES_PATH, { name: 'x', match: {}, action: 'keep' })).json();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await bed.call(tenant, method, `${RULES_PATH}/${theirs.id}`, method === 'PATCH' ? { name: 'y' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const bad = await bed.call(tenant, 'GET', `${RULES_PATH}/rule-1`);
    expect(bad.json().code).toBe('invalid_id');
  });

  it('at issue the first matching rule decides: shipment.routed, a pending hand-over, then the job hands it to the provider', async () => {
    const hook = (await bed.call(tenant, 'POST', '/v1/webhook-endpoints', { url: bed.receiver.url, events: ['shipment.*'] })).json();
    expect(hook.id).toBeDefined();
    await rule({ name: 'Benelux stays', match: { to_countries: ['BE', 'LU'] }, action: 'keep' });
    const handing = await rule({ name: 'NL exports', match: { from_countries: ['NL'], transport_types: ['international'] }, action: 'hand_over', provider_id: 'olf-ecmr' });
    const draft = await shipments.created();
    expect((await shipments.post(draft.id, 'issue')).statusCode).toBe(200);

    const routed = (await eventTypes(draft.id)).find((e) => e.type === 'shipment.routed')!;
    expect(routed.data).toMatchObject({ rule_id: handing.id, rule_name: 'NL exports', action: 'hand_over', provider_id: 'olf-ecmr', status: 'issued' });
    const pending = (await bed.call(tenant, 'GET', handoverOf(draft.id))).json();
    expect(pending).toMatchObject({ status: 'pending', provider_id: 'olf-ecmr', rule_id: handing.id, provider_ref: null, attempts: 0, id: routed.data.handover_id });

    await bed.runJobs();
    const done = (await bed.call(tenant, 'GET', handoverOf(draft.id))).json();
    const note = bed.fake.notes.find((n) => n.ecmrConsignment.referenceIdentificationNumber.value === draft.id)!;
    expect(note.groupId).toBe('42');
    expect(done).toMatchObject({ status: 'handed_over', provider_ref: note.ecmrId, provider_status: 'NEW', attempts: 1 });
    const types = (await eventTypes(draft.id)).map((e) => e.type);
    expect(types).toEqual(['shipment.created', 'shipment.issued', 'shipment.routed', 'shipment.handed_over']);
    expect((await shipments.integrity(draft.id)).json().valid).toBe(true);

    while ((await bed.t.runtime.deliveries.tick()) > 0);
    const delivered = bed.receiver.received.filter((r) => r.json.data.shipment_id === draft.id).map((r) => r.json.type);
    expect(delivered).toEqual(expect.arrayContaining(['shipment.routed', 'shipment.handed_over']));
  });

  it('a shipment created and issued in one call is routed too; one no rule matches is kept here without an event', async () => {
    await rule({ name: 'Only to FR', match: { to_countries: ['FR'] }, action: 'hand_over', provider_id: 'olf-ecmr' });
    const kept = await shipments.created(undefined, { issue: true });
    expect((await eventTypes(kept.id)).map((e) => e.type)).toEqual(['shipment.created', 'shipment.issued']);
    const none = await bed.call(tenant, 'GET', handoverOf(kept.id));
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ status: 'none', id: null, provider_id: null, shipment_id: kept.id });
    const refresh = await bed.call(tenant, 'POST', refreshOf(kept.id));
    expect(refresh.statusCode).toBe(409);
    expect(refresh.json().code).toBe('invalid_state');

    await rule({ name: 'All', match: {}, action: 'hand_over', provider_id: 'olf-ecmr' });
    const handed = await shipments.created(undefined, { issue: true });
    expect((await eventTypes(handed.id)).map((e) => e.type)).toEqual(['shipment.created', 'shipment.issued', 'shipment.routed']);
    expect((await bed.call(tenant, 'GET', handoverOf(handed.id))).json().status).toBe('pending');
  });

  it('a provider that does not answer: the hand-over stays pending and the job retries until it is taken', async () => {
    await bed.handOverRule(tenant);
    bed.fake.script.push('down', 'down');
    const s = await shipments.created(undefined, { issue: true });
    await bed.runJobs();
    expect((await bed.call(tenant, 'GET', handoverOf(s.id))).json()).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('503') });
    bed.t.clock.advance(DAY);
    await bed.runJobs();
    expect((await bed.call(tenant, 'GET', handoverOf(s.id))).json()).toMatchObject({ status: 'pending', attempts: 2, last_error: expect.stringContaining('503') });
    bed.t.clock.advance(DAY);
    await bed.runJobs();
    expect((await bed.call(tenant, 'GET', handoverOf(s.id))).json()).toMatchObject({ status: 'handed_over', attempts: 3, last_error: null });
  });

  it('a provider that refuses fails the hand-over at once, and one that never answers after the last retry: shipment.handover_failed', async () => {
    await bed.handOverRule(tenant);
    bed.fake.script.push('refuse');
    const refused = await shipments.created(undefined, { issue: true });
    await bed.runJobs();
    expect((await bed.call(tenant, 'GET', handoverOf(refused.id))).json()).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('400') });
    expect((await eventTypes(refused.id)).at(-1)).toMatchObject({ type: 'shipment.handover_failed', data: { provider_id: 'olf-ecmr' } });

    const down = await shipments.created(undefined, { issue: true });
    bed.fake.script.push(...Array(9).fill('down'));
    for (let i = 0; i < 9; i++) {
      await bed.runJobs();
      bed.t.clock.advance(DAY);
    }
    bed.fake.script.length = 0;
    expect((await bed.call(tenant, 'GET', handoverOf(down.id))).json()).toMatchObject({ status: 'failed', attempts: 8 });
    expect((await eventTypes(down.id)).at(-1)?.type).toBe('shipment.handover_failed');
  }, 60_000);

  it('refresh asks the provider synchronously: its status is kept; a provider that does not answer is 502 provider_unavailable', async () => {
    await bed.handOverRule(tenant);
    const s = await shipments.created(undefined, { issue: true });
    const early = await bed.call(tenant, 'POST', refreshOf(s.id));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('invalid_state');
    await bed.runJobs();
    const handover = (await bed.call(tenant, 'GET', handoverOf(s.id))).json();
    bed.fake.notes.find((n) => n.ecmrId === handover.provider_ref)!.ecmrStatus = 'LOADING';
    const fresh = await bed.call(tenant, 'POST', refreshOf(s.id));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().provider_status).toBe('LOADING');
    bed.fake.script.push('down');
    const down = await bed.call(tenant, 'POST', refreshOf(s.id));
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('provider_unavailable');
    expect((await bed.call(tenant, 'GET', handoverOf(s.id))).json().provider_status).toBe('LOADING');
  });
});
