/**
 * An address may name its IANA time zone (`time_zone`): kept as given, and refused with a
 * finding on its path when this service does not know the name. Times in the JSON stay UTC.
 */
import { describe, expect, it } from 'vitest';
import { SHIPMENT_PATHS } from '../../../src/modules/shipments/shipments.routes.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentSuite } from '../../support/shipment-suite.js';

describe.each(backends())('address time_zone on $name', (backend) => {
  const s = shipmentSuite(backend);

  it('keeps a named zone, and the window stays UTC in the JSON', async () => {
    const body = fullShipment();
    body.delivery!.address = { ...body.delivery!.address, city: 'Las Palmas', country: 'ES', time_zone: 'Atlantic/Canary' };
    body.delivery!.window = { from: '2026-12-02T09:00:00Z' };
    const created = await s.api.created(body);
    expect(created).toMatchObject({ delivery: { address: { time_zone: 'Atlantic/Canary' }, window: { from: '2026-12-02T09:00:00Z' } } });
  });

  it.each(['Mars/Olympus', 'CET', 'europe/warsaw', '+01:00'])('refuses %s with unknown_time_zone on its path', async (zone) => {
    const body = fullShipment();
    body.pickup!.address = { ...body.pickup!.address, time_zone: zone };
    const problem = expectProblem(await s.api.create(body), 'validation_failed');
    expect(problem.errors).toContainEqual(expect.objectContaining({ path: '$.pickup.address.time_zone', code: 'unknown_time_zone', message: expect.stringContaining('IANA') }));
  });

  it('the dry run reports it in Dutch as well', async () => {
    const body = fullShipment();
    body.consignor!.address = { ...body.consignor!.address, time_zone: 'Europe/Atlantis' };
    const res = await s.t.app.inject({ method: 'POST', url: SHIPMENT_PATHS.validate, headers: { ...s.t.auth(s.tenant.testKey), 'accept-language': 'nl' }, payload: body });
    expect(res.json().errors).toContainEqual(expect.objectContaining({ path: '$.consignor.address.time_zone', code: 'unknown_time_zone', message: expect.stringContaining('tijdzone') }));
  });
});
