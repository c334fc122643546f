/**
 * A successive carrier's driver takes the goods over in transit on the phone (CMR articles 34 and
 * 35): a takeover stop on its tour names the carrier of box 17; the driver enters reservations with
 * photos (phase `takeover`) and signs the takeover with the place, through the driver routes and the
 * same use cases as the sign link. The note prints box 17 and 18, `shipment.taken_over` follows.
 * Before the pickup, twice, from the first carrier's driver, or a pickup signature from the
 * successive carrier's driver: refused. And goods stopped by the right of disposal: the stop shows
 * it, and their delivery is refused until the next instruction, which shows the new destination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { backends } from '../support/backends.js';
import { disposalApi, NEW_PLACE } from '../support/disposal-api.js';
import { signedInDriver, type DriverCall } from '../support/driver-session.js';
import { cameraJpeg } from '../support/photos.js';
import { expectProblem } from '../support/problems.js';
import { remarksApi } from '../support/remarks-api.js';
import { dataUrl } from '../support/sample-files.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const LODZ = { name: 'Spedycja Łódź Sp. z o.o.', address: { street: 'ul. Długa 1', postal_code: '90-001', city: 'Łódź', country: 'PL' } };
const WIEN = { name: 'Donau Logistik GmbH', address: { street: 'Hafenstraße 4', postal_code: '1020', city: 'Wien', country: 'AT' } };
const twoLegs = (carriers = [LODZ]): ShipmentInput => ({ ...fullShipment(), successive_carriers: carriers });

type Stop = Record<string, any>;

describe.each(backends())('the driver app takes goods over for a successive carrier, and stops stopped goods, on $name', (backend) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    photo = await cameraJpeg(800, 600);
  });
  afterAll(() => t.close());

  const stopOf = async (driver: DriverCall, shipmentId: string, kind: string): Promise<Stop & { tour_id: string }> => {
    const tours = (await driver.get('/v1/driver/tours')).json().data as { id: string; stops: Stop[] }[];
    for (const tour of tours) for (const stop of tour.stops) if (stop.shipment.id === shipmentId && stop.kind === kind) return { ...stop, tour_id: tour.id };
    throw new Error(`no ${kind} stop of ${shipmentId}`);
  };
  const signature = (stop: Stop, body: object) => ({ signature: { type: 'typed' }, document_id: stop.note.document_id, document_sha256: stop.note.sha256, ...body });
  const apiSign = (tenant: Tenant, shipmentId: string, role: string) => t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name: role } });

  it('the successive carrier\'s driver: a reservation with a photo, the signature with the place; box 17 and 18, the event, the checklist; refused before pickup, twice and to the first carrier\'s driver', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(twoLegs(), { issue: true });
    const first = await signedInDriver(t, tenant, [{ shipment_id: shipment.id, kind: 'pickup' }], 'Pieter Jansen');
    const successor = await signedInDriver(t, tenant, [{ shipment_id: shipment.id, kind: 'takeover', successive_index: 0 }, { shipment_id: shipment.id, kind: 'delivery' }], 'Michał Wiśniewski');
    const path = (what: string) => `/v1/driver/shipments/${shipment.id}/${what}`;

    // Not yet picked up: the takeover waits; nothing can be taken over or signed yet.
    let stop = await stopOf(successor, shipment.id, 'takeover');
    expect(stop).toMatchObject({ kind: 'takeover', takeover: { successive_index: 0, carrier: LODZ.name, from_carrier: fullShipment().carrier!.name, signed: false, place: null }, todo: [], stopped: null });
    expect(stop.checklist.signatures).toEqual([expect.objectContaining({ role: 'successive_carrier', signed: false })]);
    expectProblem(await successor(path('remarks'), { phase: 'takeover', type: 'damage', text: 'Too early.' }), 'invalid_state');
    expectProblem(await successor(path('signatures'), signature(stop, { role: 'successive_carrier', place: 'Venlo, NL' })), 'invalid_state');
    // The successive carrier's driver is not the first carrier's: no pickup signature, no pickup remark.
    const asCarrier = await successor(path('signatures'), signature(stop, { role: 'carrier' }));
    expectProblem(asCarrier, 'conflict');
    expect(asCarrier.json().detail).toContain('takes these goods over in transit');
    expectProblem(await successor(path('remarks'), { phase: 'pickup', type: 'damage', text: 'Not mine to say.' }), 'conflict');

    // The first carrier picks up.
    const pickup = await stopOf(first, shipment.id, 'pickup');
    expect((await first(path('signatures'), signature(pickup, {}))).statusCode).toBe(201);
    expect((await apiSign(tenant, shipment.id, 'consignor')).statusCode).toBe(201);
    // The first carrier's driver cannot take the goods over for the successive carrier.
    const pickedUp = await stopOf(first, shipment.id, 'pickup');
    const wrongDriver = await first(path('signatures'), signature(pickedUp, { role: 'successive_carrier', place: 'Venlo, NL' }));
    expectProblem(wrongDriver, 'conflict');
    expect(wrongDriver.json().detail).toContain('does not take these goods over');
    expectProblem(await first(path('remarks'), { phase: 'takeover', type: 'damage', text: 'Not mine to say.' }), 'conflict');

    // In transit: the successive carrier's driver has the takeover to do.
    stop = await stopOf(successor, shipment.id, 'takeover');
    expect(stop.todo).toEqual(['remark', 'sign_takeover']);
    expectProblem(await successor(`/v1/driver/tours/${stop.tour_id}/stops/${stop.position}/complete`, { outcome: 'done', missing_signatures: { reason: 'party_absent' } }), 'signatures_missing');
    expectProblem(await successor(path('handoffs'), { role: 'consignor' }), 'conflict');

    const made = await successor(path('remarks'), { phase: 'takeover', type: 'damage', text: 'Pallet 2 shifted, shrink wrap torn on arrival in Venlo.', photos: [dataUrl(photo, 'image/jpeg')] });
    expect(made.statusCode, made.body).toBe(201);
    const remark = made.json();
    expect(remark).toMatchObject({ phase: 'takeover', successive_index: 0, type: 'damage' });
    expect(remark.photo_document_ids).toHaveLength(1);

    stop = await stopOf(successor, shipment.id, 'takeover');
    const noPlace = await successor(path('signatures'), signature(stop, { role: 'successive_carrier' }));
    expectProblem(noPlace, 'validation_failed');
    expect(noPlace.json().errors[0].path).toBe('$.place');
    const signed = await successor(path('signatures'), signature(stop, { role: 'successive_carrier', place: 'Venlo, NL', location: { lat: 51.3704, lng: 6.1724, accuracy_m: 12 } }));
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toMatchObject({ role: 'successive_carrier', successive_index: 0, signer_name: 'Michał Wiśniewski', place: 'Venlo, NL', level: 'platform_auth' });

    // Twice, and a reservation after signing: the takeover is over.
    stop = await stopOf(successor, shipment.id, 'takeover');
    expectProblem(await successor(path('signatures'), signature(stop, { role: 'successive_carrier', place: 'Venlo, NL' })), 'already_signed');
    expectProblem(await successor(path('remarks'), { phase: 'takeover', type: 'other', text: 'Later thought.' }), 'invalid_state');

    // The chain, the checklist and the note it signed into.
    const events = (await shipmentsApi(t, tenant).events(shipment.id)).json().data as { type: string; data: Record<string, unknown> }[];
    expect(events.slice(-2).map((e) => e.type)).toEqual(['signature.completed', 'shipment.taken_over']);
    expect(events.at(-1)!.data).toMatchObject({ successive_index: 0, place: 'Venlo, NL', remark_ids: [remark.id] });
    expect(stop).toMatchObject({ takeover: { signed: true, place: 'Venlo, NL' }, signatures: { successive_carrier: true }, todo: ['complete'] });
    expect(stop.checklist.signatures).toEqual([expect.objectContaining({ role: 'successive_carrier', signed: true, signer_name: 'Michał Wiśniewski' })]);
    expect(stop.checklist.remarks).toEqual([expect.objectContaining({ id: remark.id, photos: [expect.objectContaining({ document_id: remark.photo_document_ids[0] })] })]);
    expect((await successor.get(stop.checklist.remarks[0].photos[0].url)).statusCode).toBe(200);
    const boxes = await remarksApi(t, tenant).noteBoxes(signed.json().rendered_document_id);
    expect(boxes.page).toContain(`1. ${LODZ.name}`);
    expect(boxes.page).toMatch(/Taken over: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+ · Venlo, NL/);
    expect(boxes.page).toContain('Signed by: Michał Wiśniewski');
    expect(boxes[18]).toContain(`Reservations of successive carrier 1: ${LODZ.name}`);
    expect(boxes[18]).toContain('Pallet 2 shifted, shrink wrap torn on arrival in Venlo.');

    const done = await successor(`/v1/driver/tours/${stop.tour_id}/stops/${stop.position}/complete`, { outcome: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await stopOf(successor, shipment.id, 'delivery')).todo).toEqual(['handoff_consignee', 'remark', 'complete']);
  }, 180_000);

  it('the place from the phone\'s position when none is typed; each successive carrier\'s driver signs only its own takeover', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(twoLegs([LODZ, WIEN]), { issue: true });
    for (const role of ['consignor', 'carrier']) expect((await apiSign(tenant, shipment.id, role)).statusCode).toBe(201);
    const vienna = await signedInDriver(t, tenant, [{ shipment_id: shipment.id, kind: 'takeover', successive_index: 1 }], 'Franz Huber');
    // Successive carriers take over in their order: the second only after the first.
    const early = await stopOf(vienna, shipment.id, 'takeover');
    expectProblem(await vienna(`/v1/driver/shipments/${shipment.id}/signatures`, signature(early, { role: 'successive_carrier', location: { lat: 48.2082, lng: 16.3738 } })), 'invalid_state');
    const lodz = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'successive_carrier', successive_index: 0, signer_name: 'Łódź carrier', place: 'Łódź, PL' } });
    expect(lodz.statusCode, lodz.body).toBe(201);
    const stop = await stopOf(vienna, shipment.id, 'takeover');
    expect(stop.takeover).toMatchObject({ successive_index: 1, carrier: WIEN.name });
    const signed = await vienna(`/v1/driver/shipments/${shipment.id}/signatures`, signature(stop, { role: 'successive_carrier', location: { lat: 48.2082, lng: 16.3738 } }));
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toMatchObject({ successive_index: 1, signer_name: 'Franz Huber', place: '48.20820, 16.37380' });
    const again = await stopOf(vienna, shipment.id, 'takeover');
    expect(again.checklist.signatures).toEqual([expect.objectContaining({ role: 'successive_carrier', signed: true, signer_name: 'Franz Huber' })]);
  }, 120_000);

  it('a tour that picks a shipment up does not also take it over; a takeover names a listed successive carrier', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(twoLegs(), { issue: true });
    const plan = (stops: object[]) => t.app.inject({ method: 'POST', url: '/v1/tours', headers: t.auth(tenant.testKey), payload: { name: 'Run', date: '2030-01-02', driver: { name: 'D', phone: '+48601234567' }, stops } });
    const cases: [object[], string, string][] = [
      [[{ shipment_id: shipment.id, kind: 'pickup' }, { shipment_id: shipment.id, kind: 'takeover', successive_index: 0 }], '$.stops[1].kind', 'tour_takeover_with_pickup'],
      [[{ shipment_id: shipment.id, kind: 'takeover' }], '$.stops[0].successive_index', 'tour_takeover_carrier'],
      [[{ shipment_id: shipment.id, kind: 'takeover', successive_index: 1 }], '$.stops[0].successive_index', 'tour_takeover_carrier'],
      [[{ shipment_id: shipment.id, kind: 'pickup', successive_index: 0 }], '$.stops[0].successive_index', 'tour_successive_index_unexpected'],
      [[{ shipment_id: shipment.id, kind: 'delivery' }, { shipment_id: shipment.id, kind: 'takeover', successive_index: 0 }], '$.stops[0].kind', 'tour_delivery_before_takeover'],
    ];
    for (const [stops, at, code] of cases) {
      const res = await plan(stops);
      expectProblem(res, 'validation_failed');
      expect(res.json().errors).toEqual([expect.objectContaining({ path: at, code })]);
    }
    const ok = await plan([{ shipment_id: shipment.id, kind: 'takeover', successive_index: 0 }, { shipment_id: shipment.id, kind: 'delivery' }]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().stops[0]).toMatchObject({ kind: 'takeover', successive_index: 0 });
  });

  it('stopped goods: the stop says so and its delivery is refused (409 goods_stopped); the next instruction lifts it and shows the new destination', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('in_transit');
    const driver = await signedInDriver(t, tenant, [{ shipment_id: id, kind: 'delivery' }]);
    const held = await disposal.given(id, { instructing_party: 'consignor', kind: 'stop', text: 'Hold the goods at your depot until further notice.' });
    expect((await disposal.accept(id, held.id)).statusCode).toBe(200);

    let stop = await stopOf(driver, id, 'delivery');
    expect(stop.stopped).toMatchObject({ instruction_id: held.id, text: 'Hold the goods at your depot until further notice.' });
    expect(stop.todo).toEqual([]);
    const complete = await driver(`/v1/driver/tours/${stop.tour_id}/stops/${stop.position}/complete`, { outcome: 'done', missing_signatures: { reason: 'party_absent' } });
    expectProblem(complete, 'goods_stopped');
    expect(complete.json().detail).toContain('do not deliver');
    expectProblem(await driver(`/v1/driver/shipments/${id}/handoffs`, { role: 'consignee' }), 'goods_stopped');
    expectProblem(await driver(`/v1/driver/shipments/${id}/signatures`, signature(stop, { role: 'consignee', signer_name: 'Jan Peeters' })), 'goods_stopped');
    // The dispatcher's own tours API refuses it too.
    expectProblem(await t.app.inject({ method: 'POST', url: `/v1/tours/${stop.tour_id}/stops/${stop.position}/complete`, headers: t.auth(tenant.testKey), payload: { outcome: 'done' } }), 'goods_stopped');

    const moved = await disposal.given(id, { instructing_party: 'consignor', kind: 'change_delivery_place', delivery: NEW_PLACE });
    expect((await disposal.accept(id, moved.id)).statusCode).toBe(200);
    stop = await stopOf(driver, id, 'delivery');
    expect(stop.stopped).toBeNull();
    expect(stop.place.address).toMatchObject({ city: 'Eindhoven', street: 'Industrieweg 40' });
    expect(stop.todo).toEqual(['handoff_consignee', 'remark', 'complete']);
  }, 120_000);

  it("a return: no longer stopped once accepted, and the stop leads back to the sender's place", async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('in_transit');
    const driver = await signedInDriver(t, tenant, [{ shipment_id: id, kind: 'delivery' }]);
    const sent = (await shipmentsApi(t, tenant).get(id)).json();
    const held = await disposal.given(id, { instructing_party: 'consignor', kind: 'stop' });
    expect((await disposal.accept(id, held.id)).statusCode).toBe(200);
    expect((await stopOf(driver, id, 'delivery')).stopped).toMatchObject({ instruction_id: held.id, text: null });
    const back = await disposal.given(id, { instructing_party: 'consignor', kind: 'return' });
    expect((await disposal.accept(id, back.id)).statusCode).toBe(200);
    const stop = await stopOf(driver, id, 'delivery');
    expect(stop.stopped).toBeNull();
    expect(stop.place.name).toBe(sent.consignor.name);
    expect(stop.place.address).toMatchObject({ city: sent.pickup.address.city });
  }, 120_000);
});
