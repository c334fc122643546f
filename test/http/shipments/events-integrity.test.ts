/** The per-shipment event chain (with who caused each event), and the integrity check catching rows changed behind the service's back. */
import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { chainHash, dataSha256, GENESIS_HASH } from '../../../src/modules/events/hash-chain.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { shipmentSuite } from '../../support/shipment-suite.js';
import { signLinksApi } from '../../support/sign-links-api.js';

describe.each(backends())('shipment events and integrity on $name', (backend) => {
  const s = shipmentSuite(backend);

  /** A shipment with five events: created, three updates, issued. */
  async function withFiveEvents(): Promise<string> {
    const { id } = await s.api.created();
    for (const ref of ['A-1', 'A-2', 'A-3']) {
      s.t.clock.advance(1000);
      expect((await s.api.patch(id, { reference: ref })).statusCode).toBe(200);
    }
    s.t.clock.advance(1000);
    expect((await s.api.post(id, 'issue')).statusCode).toBe(200);
    return id;
  }

  it('lists the chain in ascending seq from 1 without gaps; each hash verifies by the documented formula', async () => {
    const id = await withFiveEvents();
    const events = (await s.api.events(id)).json().data;
    expect(events.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    let previous = GENESIS_HASH;
    for (const e of events) {
      expect(e.id).toMatch(/^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
      expect(e).toMatchObject({ mode: 'test', erased: false, data: { shipment_id: id, seq: e.seq } });
      expect(e.data_sha256).toBe(dataSha256(e.data));
      expect(e.hash).toBe(chainHash(previous, e.seq, e.type, new Date(e.created_at), e.data_sha256));
      previous = e.hash;
    }
    expect(events[4].data.status).toBe('issued');
    expect((await s.api.integrity(id)).json()).toMatchObject({ shipment_id: id, valid: true, events_checked: 5, head_hash: previous, first_bad_seq: null });
  });

  it('pages the chain with a cursor, still ascending', async () => {
    const id = await withFiveEvents();
    const first = (await s.api.events(id, '?limit=2')).json();
    expect(first.data.map((e: { seq: number }) => e.seq)).toEqual([1, 2]);
    const second = (await s.api.events(id, `?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.data.map((e: { seq: number }) => e.seq)).toEqual([3, 4]);
    const third = (await s.api.events(id, `?limit=2&cursor=${second.next_cursor}`)).json();
    expect(third).toMatchObject({ has_more: false, next_cursor: null });
    expect(third.data.map((e: { seq: number }) => e.seq)).toEqual([5]);
    const other = await s.api.created();
    expectProblem(await s.api.events(other.id, `?cursor=${first.next_cursor}`), 'invalid_cursor');
    expectProblem(await s.api.events(id, '?order=desc'), 'bad_request');
  });

  // Edits behind the service's back: as the database's owner (the service's own role may not).
  const asOwner = (query: RawBuilder<unknown>) => s.t.asOwner((db) => query.execute(db));

  it('catches data edited in SQL, at the edited seq', async () => {
    const id = await withFiveEvents();
    await asOwner(sql`update shipment_events set data = jsonb_set(data, '{reference}', '"FORGED"') where shipment_id = ${id} and seq = 3`);
    // The feed row shares nothing with the chain row, so edit the chain only.
    expect((await s.api.integrity(id)).json()).toMatchObject({ valid: false, events_checked: 5, first_bad_seq: 3 });
  });

  it('catches data and digest edited together (the hash no longer matches)', async () => {
    const id = await withFiveEvents();
    const forged = { shipment_id: id, status: 'draft', seq: 2, changed_fields: ['nothing'] };
    await asOwner(sql`update shipment_events set data = ${JSON.stringify(forged)}::jsonb, data_sha256 = ${dataSha256(forged)} where shipment_id = ${id} and seq = 2`);
    expect((await s.api.integrity(id)).json()).toMatchObject({ valid: false, first_bad_seq: 2 });
  });

  it('catches a deleted tail through the head the shipment keeps', async () => {
    const id = await withFiveEvents();
    await asOwner(sql`delete from shipment_events where shipment_id = ${id} and seq >= 4`);
    expect((await s.api.integrity(id)).json()).toMatchObject({ valid: false, events_checked: 3, first_bad_seq: 4 });
  });

  it('catches a deleted middle event and an edited type', async () => {
    const a = await withFiveEvents();
    await asOwner(sql`delete from shipment_events where shipment_id = ${a} and seq = 2`);
    expect((await s.api.integrity(a)).json()).toMatchObject({ valid: false, first_bad_seq: 2 });
    const b = await withFiveEvents();
    await asOwner(sql`update shipment_events set type = 'shipment.cancelled' where shipment_id = ${b} and seq = 5`);
    expect((await s.api.integrity(b)).json()).toMatchObject({ valid: false, first_bad_seq: 5 });
  });

  it('an erased event keeps the chain valid: its stored digest is trusted only when marked erased', async () => {
    const id = await withFiveEvents();
    await asOwner(sql`update shipment_events set data = '{"erased": true}'::jsonb, erased_at = now() where shipment_id = ${id} and seq = 2`);
    expect((await s.api.integrity(id)).json()).toMatchObject({ valid: true, first_bad_seq: null });
    expect((await s.api.events(id)).json().data[1]).toMatchObject({ seq: 2, erased: true });
    await asOwner(sql`update shipment_events set erased_at = null where shipment_id = ${id} and seq = 2`);
    expect((await s.api.integrity(id)).json()).toMatchObject({ valid: false, first_bad_seq: 2 });
  });

  it('names who caused each new event in `actor`, outside `data` and the hash; an event recorded before has none', async () => {
    const id = await withFiveEvents();
    const sign = signLinksApi(s.t, s.tenant);
    const link = await sign.link(id, { role: 'consignor' });
    expect((await sign.submit(link.token)).statusCode).toBe(201);
    const events = (await s.api.events(id)).json().data as { type: string; data: object; actor?: object }[];
    expect(events.slice(0, 5).map((e) => e.actor)).toEqual(Array(5).fill({ type: 'api_key', id: s.tenant.testKeyId }));
    expect(events[5]).toMatchObject({ type: 'signature.completed', actor: { type: 'sign_link', id: link.id, role: 'consignor' } });
    // What webhooks deliver and the hash covers stays as it was.
    for (const e of events) expect(e.data).not.toHaveProperty('actor');
    const feed = (await s.t.app.inject({ method: 'GET', url: `/v1/events?shipment_id=${id}`, headers: s.t.auth(s.tenant.testKey) })).json().data as { data: object }[];
    for (const e of feed) expect(e).not.toHaveProperty('actor');
    await asOwner(sql`update shipment_events set actor = null where shipment_id = ${id} and seq = 1`);
    expect((await s.api.events(id, '?limit=1')).json().data[0]).not.toHaveProperty('actor');
    expect((await s.api.integrity(id)).json()).toMatchObject({ valid: true, first_bad_seq: null });
  });

  it('not_found for another organisation or mode', async () => {
    const id = await withFiveEvents();
    const other = await s.t.newTenant();
    expectProblem(await s.api.events(id, '', other.testKey), 'not_found');
    expectProblem(await s.api.integrity(id, other.testKey), 'not_found');
    expectProblem(await s.api.events(id, '', s.tenant.liveKey), 'not_found');
    expectProblem(await s.api.integrity(id, s.tenant.liveKey), 'not_found');
    expectProblem(await s.api.integrity('shp_1'), 'invalid_id');
  });
});
