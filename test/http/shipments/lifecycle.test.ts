/** Issue and cancel, every transition the state machine allows or refuses, and the freeze after issuing. */
import { describe, expect, it } from 'vitest';
import { changeShipmentStatus } from '../../../src/modules/shipments/change-shipment-status.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentSuite } from '../../support/shipment-suite.js';

describe.each(backends())('shipment lifecycle on $name', (backend) => {
  const s = shipmentSuite(backend);

  /** Pickup and delivery are moved by the signature areas; here the domain function stands in for them. */
  const move = (id: string, to: 'in_transit' | 'delivered') => changeShipmentStatus(s.ctx, id, to, { language: 'en' });

  async function inStatus(status: 'draft' | 'issued' | 'in_transit' | 'delivered' | 'cancelled'): Promise<string> {
    const { id } = await s.api.created(fullShipment(), { issue: status !== 'draft' && status !== 'cancelled' });
    if (status === 'cancelled') expect((await s.api.post(id, 'cancel')).statusCode).toBe(200);
    if (status === 'in_transit' || status === 'delivered') await move(id, 'in_transit');
    if (status === 'delivered') await move(id, 'delivered');
    return id;
  }

  it('issues a draft: 200 with the shipment, issued_at set, shipment.issued appended', async () => {
    const { id } = await s.api.created();
    s.t.clock.advance(1000);
    const res = await s.api.post(id, 'issue');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id, status: 'issued', issued_at: s.t.clock.now().toISOString(), reference: 'PO-2026-118734' });
    const events = (await s.api.events(id)).json().data;
    expect(events.map((e: { type: string; seq: number }) => [e.seq, e.type])).toEqual([
      [1, 'shipment.created'],
      [2, 'shipment.issued'],
    ]);
  });

  it('cancels a draft or an issued shipment, keeping the reason', async () => {
    for (const status of ['draft', 'issued'] as const) {
      const id = await inStatus(status);
      const res = await s.api.post(id, 'cancel', { reason: 'Order withdrawn by the principal' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', cancellation_reason: 'Order withdrawn by the principal' });
      expect(res.json().cancelled_at).toBeTruthy();
      const last = (await s.api.events(id)).json().data.at(-1);
      expect(last).toMatchObject({ type: 'shipment.cancelled', data: { shipment_id: id, status: 'cancelled', reason: 'Order withdrawn by the principal' } });
    }
    // Without a body, too.
    const id = await inStatus('draft');
    expect((await s.api.post(id, 'cancel')).json()).toMatchObject({ status: 'cancelled', cancellation_reason: null });
  });

  it('moves issued → in_transit → delivered with their events', async () => {
    const id = await inStatus('delivered');
    const body = (await s.api.get(id)).json();
    expect(body.status).toBe('delivered');
    expect(body.picked_up_at && body.delivered_at).toBeTruthy();
    const types = (await s.api.events(id)).json().data.map((e: { type: string }) => e.type);
    expect(types).toEqual(['shipment.created', 'shipment.issued', 'shipment.in_transit', 'shipment.delivered']);
  });

  it('refuses what the state machine forbids with invalid_transition', async () => {
    const refusals: [Parameters<typeof inStatus>[0], 'issue' | 'cancel'][] = [
      ['issued', 'issue'],
      ['in_transit', 'issue'],
      ['in_transit', 'cancel'],
      ['delivered', 'issue'],
      ['delivered', 'cancel'],
      ['cancelled', 'issue'],
      ['cancelled', 'cancel'],
    ];
    for (const [status, action] of refusals) {
      const id = await inStatus(status);
      const body = expectProblem(await s.api.post(id, action), 'invalid_transition');
      expect(body.detail, `${action} on ${status}`).toContain(status);
    }
    // Delivered after cancelled, and pickup of a draft, through the domain function.
    await expect(move(await inStatus('cancelled'), 'delivered')).rejects.toMatchObject({ code: 'invalid_transition' });
    await expect(move(await inStatus('draft'), 'in_transit')).rejects.toMatchObject({ code: 'invalid_transition' });
    await expect(move(await inStatus('issued'), 'delivered')).rejects.toMatchObject({ code: 'invalid_transition' });
  });

  it('a refused transition changes nothing and appends no event', async () => {
    const id = await inStatus('cancelled');
    const before = (await s.api.events(id)).json().data.length;
    expectProblem(await s.api.post(id, 'issue'), 'invalid_transition');
    expect((await s.api.events(id)).json().data).toHaveLength(before);
    expect((await s.api.get(id)).json().status).toBe('cancelled');
  });

  it('any other change to a delivered or cancelled shipment is shipment_immutable', async () => {
    for (const status of ['delivered', 'cancelled'] as const) {
      const id = await inStatus(status);
      const body = expectProblem(await s.api.patch(id, { driver: { name: 'Someone Else' } }), 'shipment_immutable');
      expect(body.detail).toContain(status);
    }
  });

  it('issuing checks the rules again; create with ?issue=true issues at once and meters usage', async () => {
    const res = await s.api.create(minimalShipment(), { issue: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'issued', transport_type: 'national' });
    expect(res.json().issued_at).toBe(res.json().created_at);
  });

  it('a cancel body with unknown fields or a too long reason is validation_failed', async () => {
    const id = await inStatus('draft');
    const body = expectProblem(await s.api.post(id, 'cancel', { reason: 'x'.repeat(501), why: 1 }), 'validation_failed');
    expect(body.errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`).sort()).toEqual(['$.reason too_long', '$.why unknown_field']);
    // Text PostgreSQL cannot store is refused before it reaches the database.
    const nul = expectProblem(await s.api.post(id, 'cancel', { reason: 'bad\u0000reason' }), 'validation_failed');
    expect(nul.errors).toEqual([expect.objectContaining({ path: '$.reason', code: 'invalid_characters' })]);
    expect((await s.api.get(id)).json().status).toBe('draft');
  });

  it('not_found for an unknown shipment; invalid_id for a malformed one', async () => {
    expectProblem(await s.api.post('shp_01JD0000000000000000000000', 'issue'), 'not_found');
    expectProblem(await s.api.post('shp_01JD0000000000000000000000', 'cancel'), 'not_found');
    expectProblem(await s.api.post('shp_123', 'issue'), 'invalid_id');
  });
});
