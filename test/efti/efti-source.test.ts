/**
 * What the eFTI mapping reads of a stored shipment (loadEftiSource): its dataset id, a UUID v4 made
 * at create and never shared, and its signatures, whose times become the carrier's acceptance and
 * the delivery in the consignment.
 */
import { describe, expect, it } from 'vitest';
import { consignmentOf } from '../../src/modules/efti/mapping/consignment-of.js';
import { loadEftiSource } from '../../src/modules/efti/mapping/efti-source.js';
import { backends } from '../support/backends.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentSuite } from '../support/shipment-suite.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(backends())('the eFTI source of a shipment on $name', (backend) => {
  const s = shipmentSuite(backend);
  const sign = (shipmentId: string, role: string, signer_name: string) =>
    s.t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signatures`, headers: s.t.auth(s.tenant.testKey), payload: { role, signer_name } });

  it('every shipment gets its own UUID v4 dataset id at create, kept as it changes', async () => {
    const one = await s.api.created(fullShipment());
    const two = await s.api.created(fullShipment());
    const first = (await loadEftiSource(s.ctx, one.id))!.shipment.dataset_id;
    expect(first).toMatch(UUID_V4);
    expect((await loadEftiSource(s.ctx, two.id))!.shipment.dataset_id).toMatch(UUID_V4);
    expect((await loadEftiSource(s.ctx, two.id))!.shipment.dataset_id).not.toBe(first);
    await s.api.post(one.id, 'issue');
    expect((await loadEftiSource(s.ctx, one.id))!.shipment.dataset_id).toBe(first);
  });

  it('is undefined for a shipment of another tenant or mode', async () => {
    const other = await s.t.newTenant();
    const theirs = await s.api.created(fullShipment(), { key: other.testKey });
    expect(await loadEftiSource(s.ctx, theirs.id)).toBeUndefined();
    const mine = await s.api.created(fullShipment());
    expect(await loadEftiSource({ ...s.ctx, mode: 'live' }, mine.id)).toBeUndefined();
  });

  it('carries the signatures: the carrier’s at pickup is the acceptance time, the consignee’s the delivery', async () => {
    const shipment = await s.api.created(fullShipment(), { issue: true });
    // The clock starts at the real time: sign at minutes after the next whole hour, so the expected codes are exact.
    const hour = new Date(Math.ceil(s.t.clock.now().getTime() / 3_600_000) * 3_600_000);
    const at = (minutes: number, seconds = 0) => new Date(hour.getTime() + minutes * 60_000 + seconds * 1000);
    const code205 = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 12)}+0000`;
    s.t.clock.set(at(41));
    expect((await sign(shipment.id, 'consignor', 'Sanne de Vries')).statusCode).toBe(201);
    s.t.clock.set(at(42, 30));
    expect((await sign(shipment.id, 'carrier', 'Pieter Jansen')).statusCode).toBe(201);
    s.t.clock.set(at(425, 59));
    expect((await sign(shipment.id, 'consignee', 'Jonas Becker')).statusCode).toBe(201);
    const source = (await loadEftiSource(s.ctx, shipment.id))!;
    expect(source.signatures.map((sig) => [sig.role, sig.phase, sig.signer_name, sig.signed_at.toISOString()])).toEqual([
      ['consignor', 'pickup', 'Sanne de Vries', at(41).toISOString()],
      ['carrier', 'pickup', 'Pieter Jansen', at(42, 30).toISOString()],
      ['consignee', 'delivery', 'Jonas Becker', at(425, 59).toISOString()],
    ]);
    const { consignment } = consignmentOf(source);
    expect(consignment.carrierAcceptanceDateTime).toEqual({ value: code205(at(42)), formatId: '205' });
    expect(consignment.deliveryEvent).toEqual({ actualOccurrenceDateTime: { value: code205(at(425)), formatId: '205' } });
    expect(consignment.transportContractDocument).toMatchObject({ typeCode: '730', formattedIssueDateTime: { formatId: '205' } });
  });
});
