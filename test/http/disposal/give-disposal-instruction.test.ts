/**
 * Disposal instructions given with an API key acting for a party and from a party's sign link:
 * each kind, with its chained event and evidence; who is entitled in each status (the sender
 * before arrival, the consignee after, the consignee from the start when the note says so, nobody
 * else: `disposal_not_entitled` naming the rule and its article); a draft or delivered shipment is
 * `invalid_state`; the members each kind needs; another organisation's shipment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { disposalApi, NEW_CONSIGNEE, NEW_PLACE } from '../../support/disposal-api.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('disposal instructions on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('each kind, from the sender through an API key: the instruction with its evidence and its chained event', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const shipments = shipmentsApi(t, tenant);
    const id = await disposal.inStatus('in_transit');
    const bodies = [
      { instructing_party: 'consignor', kind: 'stop', text: 'Hold the goods at your depot until further notice.' },
      { instructing_party: 'consignor', kind: 'change_delivery_place', delivery: NEW_PLACE },
      { instructing_party: 'consignor', kind: 'change_consignee', consignee: NEW_CONSIGNEE },
      { instructing_party: 'consignor', kind: 'return' },
    ];
    for (const body of bodies) {
      const res = await disposal.give(id, body);
      expect(res.statusCode, res.body).toBe(201);
      const instruction = res.json();
      expect(instruction).toMatchObject({
        shipment_id: id, instructing_party: 'consignor', kind: body.kind, status: 'instructed', refusal: null, decision_event_id: null, rendered_document_id: null,
        delivery: body.delivery ?? null, consignee: body.consignee ?? null, text: body.text ?? null,
        evidence: { authenticated_by: 'api_key', api_key_id: tenant.testKeyId, signature_request_id: null, user_agent: 'disposal-test/1.0', instructed_at: t.clock.now().toISOString() },
      });
      expect(instruction.id).toMatch(/^dsp_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
      expect(instruction.evidence.ip).toBeTruthy();
      const events = (await shipments.events(id)).json().data as { id: string; type: string; data: Record<string, unknown> }[];
      expect(events.at(-1)).toMatchObject({
        id: instruction.event_id, type: 'shipment.disposal_instructed',
        data: { instruction_id: instruction.id, kind: body.kind, instructing_party: 'consignor', authenticated_by: 'api_key', status: 'in_transit' },
      });
      expect(events.at(-1)!.data.evidence_sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    const listed = (await disposal.list(id, '?order=asc')).json();
    expect(listed.data.map((i: { kind: string }) => i.kind)).toEqual(['stop', 'change_delivery_place', 'change_consignee', 'return']);
    expect((await shipments.integrity(id)).json().valid).toBe(true);
  });

  it('the sender while issued and in transit, the consignee once the goods arrived; others refused naming the rule', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const stop = (party: string) => ({ instructing_party: party, kind: 'stop' });
    for (const status of ['issued', 'in_transit'] as const) {
      const id = await disposal.inStatus(status);
      expect((await disposal.give(id, stop('consignor'))).statusCode).toBe(201);
      for (const party of ['consignee', 'carrier', 'successive_carrier']) {
        const problem = expectProblem(await disposal.give(id, stop(party)), 'disposal_not_entitled');
        expect(problem.errors).toEqual([expect.objectContaining({ path: '$.instructing_party', code: 'disposal_reserved_to_sender', rule: 'cmr.art12.1.sender', source: 'CMR art. 12(1)–(2)' })]);
        expect(problem.detail).toContain('sender');
      }
    }

    const arrived = await disposal.inStatus('in_transit');
    const arrival = await disposal.arrive(arrived);
    expect(arrival.statusCode, arrival.body).toBe(201);
    expect(arrival.json()).toMatchObject({ shipment_id: arrived, arrived_at: t.clock.now().toISOString(), entitled_party: 'consignee' });
    expect((await shipmentsApi(t, tenant).get(arrived)).json().arrived_at).toBe(t.clock.now().toISOString());
    const events = (await shipmentsApi(t, tenant).events(arrived)).json().data as { type: string }[];
    expect(events.at(-1)!.type).toBe('shipment.arrived');
    expectProblem(await disposal.arrive(arrived), 'invalid_state');
    expect((await disposal.give(arrived, stop('consignee'))).statusCode).toBe(201);
    const late = expectProblem(await disposal.give(arrived, stop('consignor')), 'disposal_not_entitled');
    expect(late.errors[0]).toMatchObject({ code: 'disposal_passed_to_consignee', rule: 'cmr.art12.2.consignee_after_arrival', source: 'CMR art. 12(2), art. 13(1)' });
    expect(late.detail).toContain('arrived');
    expectProblem(await disposal.give(arrived, stop('carrier')), 'disposal_not_entitled');
  });

  it('the consignee from the start when the sender entered it in the note (art. 12(3)), printed in box 13', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('issued', { ...minimalShipment(), consignee_has_right_of_disposal: true });
    expect((await shipmentsApi(t, tenant).get(id)).json().consignee_has_right_of_disposal).toBe(true);
    expect((await disposal.give(id, { instructing_party: 'consignee', kind: 'change_delivery_place', delivery: NEW_PLACE })).statusCode).toBe(201);
    const problem = expectProblem(await disposal.give(id, { instructing_party: 'consignor', kind: 'stop' }), 'disposal_not_entitled');
    expect(problem.errors[0]).toMatchObject({ code: 'disposal_given_to_consignee', rule: 'cmr.art12.3.consignee_by_entry', source: 'CMR art. 12(3)' });
    // A note field: frozen once issued, and a boolean.
    expectProblem(await shipmentsApi(t, tenant).patch(id, { consignee_has_right_of_disposal: false }), 'field_frozen');
    expectProblem(await shipmentsApi(t, tenant).create({ ...minimalShipment(), consignee_has_right_of_disposal: 'yes' }), 'validation_failed');
  });

  it('from sign links: the sender after signing with its link, the consignee after arrival; the carrier\'s link refused', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const links = signLinksApi(t, tenant);
    const id = await disposal.inStatus('issued');
    const consignor = await links.link(id, { role: 'consignor' });
    const carrier = await links.link(id, { role: 'carrier' });
    const consignee = await links.link(id, { role: 'consignee' });
    expect((await links.submit(consignor.token)).statusCode).toBe(201);
    expect((await links.submit(carrier.token)).statusCode).toBe(201);

    const res = await disposal.fromLink(consignor.token, { kind: 'change_delivery_place', delivery: NEW_PLACE, text: 'Deliver at our Eindhoven warehouse instead.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ instructing_party: 'consignor', evidence: { authenticated_by: 'sign_link', signature_request_id: consignor.id, api_key_id: null, user_agent: 'phone-browser/2.0' } });
    const problem = expectProblem(await disposal.fromLink(carrier.token, { kind: 'stop' }), 'disposal_not_entitled');
    expect(problem.errors[0]).toMatchObject({ path: '$.instructing_party', rule: 'cmr.art12.1.sender', params: { party: 'carrier' } });
    expectProblem(await disposal.fromLink(consignee.token, { kind: 'stop' }), 'disposal_not_entitled');

    await disposal.arrive(id);
    expect((await disposal.fromLink(consignee.token, { kind: 'stop' })).json()).toMatchObject({ instructing_party: 'consignee', evidence: { signature_request_id: consignee.id } });
    expectProblem(await disposal.fromLink(consignor.token, { kind: 'stop' }), 'disposal_not_entitled');
    expectProblem(await disposal.fromLink('no-such-link-token-at-all', { kind: 'stop' }), 'not_found');
  });

  it('a draft and a delivered or cancelled shipment are invalid_state; each kind\'s members', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    for (const status of ['draft', 'delivered', 'cancelled'] as const) {
      const id = await disposal.inStatus(status);
      const problem = expectProblem(await disposal.give(id, { instructing_party: 'consignor', kind: 'stop' }), 'invalid_state');
      expect(problem.detail).toContain(status === 'draft' ? 'draft' : status);
    }
    const id = await disposal.inStatus('issued');
    const missing = expectProblem(await disposal.give(id, { instructing_party: 'consignor', kind: 'change_delivery_place' }), 'validation_failed');
    expect(missing.errors).toEqual([expect.objectContaining({ path: '$.delivery', code: 'required' })]);
    expect(expectProblem(await disposal.give(id, { instructing_party: 'consignor', kind: 'change_consignee' }), 'validation_failed').errors[0].path).toBe('$.consignee');
    expect(expectProblem(await disposal.give(id, { instructing_party: 'consignor', kind: 'stop', delivery: NEW_PLACE }), 'validation_failed').errors[0].path).toBe('$.delivery');
    expectProblem(await disposal.give(id, { instructing_party: 'principal', kind: 'stop' }), 'validation_failed');
    expectProblem(await disposal.give('shp_nope', { instructing_party: 'consignor', kind: 'stop' }), 'invalid_id');
  });

  it('another organisation\'s shipment is not_found, and its instructions are not listed', async () => {
    const owner = await t.newTenant();
    const other = await t.newTenant();
    const disposal = disposalApi(t, owner);
    const id = await disposal.inStatus('in_transit');
    const given = await disposal.given(id, { instructing_party: 'consignor', kind: 'stop' });
    const stranger = disposalApi(t, other);
    expectProblem(await stranger.give(id, { instructing_party: 'consignor', kind: 'stop' }), 'not_found');
    expectProblem(await stranger.list(id), 'not_found');
    expectProblem(await stranger.accept(id, given.id), 'not_found');
    expectProblem(await stranger.refuse(id, given.id, { reason: 'impossible' }), 'not_found');
    expectProblem(await stranger.arrive(id), 'not_found');
    // The owner's live key sees another mode: not found either.
    expectProblem(await disposal.list(id, '', owner.liveKey), 'not_found');
    expect((await disposal.list(id)).json().data).toHaveLength(1);
  });
});
