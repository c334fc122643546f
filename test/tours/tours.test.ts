/**
 * Tours (docs/tours.md): create, read, list with filters and a cursor, update,
 * cancel and complete stops; the stop rules as findings on the stop; the tour's driver and vehicle
 * on its shipments (frozen fields kept, with a warning); tour.* events in the feed and to webhooks;
 * scopes and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { TOUR_PATHS } from '../../src/modules/tours/tours.routes.js';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/problems.js';
import { fullShipment, minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const DRIVER = { name: 'Piotr Nowak', phone: '+48601234567', language: 'pl' as const };
const VEHICLE = { plate: 'WX-1234A', country: 'PL' };
const path = (template: string, id: string, position?: number) => template.replace(':id', id).replace(':position', String(position));

describe.each(backends())('tours on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, key = tenant.testKey, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...t.auth(key), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const shipment = async (body: ShipmentInput = minimalShipment(), options: { issue?: boolean; key?: string } = {}) => (await shipmentsApi(t, tenant).created(body, options)).id;
  const tourBody = (stops: { shipment_id: string; kind: 'pickup' | 'delivery' }[], extra: Record<string, unknown> = {}) => ({
    name: 'R12 Amsterdam–Utrecht',
    date: '2026-12-01',
    driver: DRIVER,
    vehicle: VEHICLE,
    stops,
    ...extra,
  });
  const run = (a: string, b: string) => [
    { shipment_id: a, kind: 'pickup' as const },
    { shipment_id: b, kind: 'pickup' as const },
    { shipment_id: a, kind: 'delivery' as const },
    { shipment_id: b, kind: 'delivery' as const },
  ];
  const created = async (body: unknown, key?: string) => {
    const res = await call('POST', TOUR_PATHS.collection, body, key);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const complete = (id: string, position: number, body: unknown) => call('POST', path(TOUR_PATHS.completeStop, id, position), body);
  const tourEvents = async (tourId: string) =>
    (await call('GET', '/v1/events?type=tour.*&limit=100')).json().data.filter((e: { data: { tour_id: string } }) => e.data.tour_id === tourId).reverse();

  it('creates a planned tour (201, Location), reads it back, and sets its driver and vehicle on the shipments', async () => {
    const [a, b] = [await shipment(), await shipment(fullShipment(), { issue: true })];
    const res = await call('POST', TOUR_PATHS.collection, tourBody(run(a, b)));
    expect(res.statusCode, res.body).toBe(201);
    const tour = res.json();
    expect(tour.id).toMatch(/^tour_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(res.headers.location).toBe(`${TOUR_PATHS.collection}/${tour.id}`);
    expect(tour).toMatchObject({ status: 'planned', mode: 'test', name: 'R12 Amsterdam–Utrecht', date: '2026-12-01', driver: DRIVER, vehicle: VEHICLE, warnings: [], started_at: null });
    expect(tour.stops).toEqual(run(a, b).map((s, i) => ({ ...s, position: i + 1, status: 'pending', reason: null, completed_at: null })));
    expect((await call('GET', path(TOUR_PATHS.one, tour.id))).json()).toEqual(tour);

    for (const id of [a, b]) {
      const stored = (await shipmentsApi(t, tenant).get(id)).json();
      expect(stored.driver).toEqual(DRIVER);
      expect(stored.vehicle).toEqual(VEHICLE);
    }
    // The full shipment had another driver with an e-mail address: the tour's driver does not inherit it.
    const events = (await shipmentsApi(t, tenant).events(b)).json().data;
    expect(events.at(-1)).toMatchObject({ type: 'shipment.updated', data: { changed_fields: ['driver', 'vehicle'] } });
    expect(await tourEvents(tour.id)).toMatchObject([{ type: 'tour.created', data: { tour_id: tour.id, status: 'planned', date: '2026-12-01', shipment_ids: [a, b] } }]);
  });

  it('honours Idempotency-Key: the retry gets the first answer and makes no second tour', async () => {
    const a = await shipment();
    const body = tourBody([{ shipment_id: a, kind: 'pickup' }]);
    const first = await call('POST', TOUR_PATHS.collection, body, undefined, { 'idempotency-key': 'tour-retry-1' });
    const again = await call('POST', TOUR_PATHS.collection, body, undefined, { 'idempotency-key': 'tour-retry-1' });
    expect(first.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('lists newest first with filters on date, status and driver phone, page by page', async () => {
    const own = await t.newTenant();
    const ownShipment = (await shipmentsApi(t, own).created(minimalShipment())).id;
    const stops = [{ shipment_id: ownShipment, kind: 'pickup' as const }];
    const one = await created(tourBody(stops, { date: '2026-12-01' }), own.testKey);
    const two = await created(tourBody(stops, { date: '2026-12-02', driver: { name: 'Anna', phone: '+31612345670' } }), own.testKey);
    const three = await created(tourBody(stops, { date: '2026-12-02' }), own.testKey);
    await call('POST', path(TOUR_PATHS.cancel, three.id), undefined, own.testKey);
    const ids = async (query: string) => {
      const res = await call('GET', `${TOUR_PATHS.collection}${query}`, undefined, own.testKey);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((tour: { id: string }) => tour.id);
    };
    expect(await ids('')).toEqual([three.id, two.id, one.id]);
    expect(await ids('?date=2026-12-02')).toEqual([three.id, two.id]);
    expect(await ids('?status=cancelled')).toEqual([three.id]);
    expect(await ids('?status=planned&date=2026-12-02')).toEqual([two.id]);
    expect(await ids(`?driver_phone=${encodeURIComponent(DRIVER.phone)}`)).toEqual([three.id, one.id]);

    const page1 = (await call('GET', `${TOUR_PATHS.collection}?limit=2`, undefined, own.testKey)).json();
    expect(page1).toMatchObject({ has_more: true });
    const page2 = (await call('GET', `${TOUR_PATHS.collection}?limit=2&cursor=${page1.next_cursor}`, undefined, own.testKey)).json();
    expect([...page1.data, ...page2.data].map((tour: { id: string }) => tour.id)).toEqual([three.id, two.id, one.id]);
    expect(page2).toMatchObject({ has_more: false, next_cursor: null });
    expectProblem(await call('GET', `${TOUR_PATHS.collection}?status=driving`, undefined, own.testKey), 'bad_request');
    expectProblem(await call('GET', `${TOUR_PATHS.collection}?cursor=zz`, undefined, own.testKey), 'invalid_cursor');
  });

  it('names the offending stop: unknown, foreign, live and cancelled shipments, a duplicate, a delivery before its pickup', async () => {
    const other = await t.newTenant();
    const foreign = (await shipmentsApi(t, other).created(minimalShipment())).id;
    const live = (await shipmentsApi(t, tenant).created(minimalShipment(), { key: tenant.liveKey })).id;
    const cancelled = await shipment();
    await shipmentsApi(t, tenant).post(cancelled, 'cancel');
    const a = await shipment();
    const unknown = 'shp_01JD0000000000000000000000';
    const refused = expectProblem(
      await call(
        'POST',
        TOUR_PATHS.collection,
        tourBody([
          { shipment_id: a, kind: 'pickup' },
          { shipment_id: foreign, kind: 'pickup' },
          { shipment_id: live, kind: 'delivery' },
          { shipment_id: cancelled, kind: 'pickup' },
          { shipment_id: unknown, kind: 'pickup' },
        ]),
      ),
      'validation_failed',
    );
    const found = refused.errors.map((e: { path: string; code: string }) => [e.path, e.code]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['$.stops[1].shipment_id', 'tour_shipment_not_found'],
        ['$.stops[2].shipment_id', 'tour_shipment_not_found'],
        ['$.stops[3].shipment_id', 'tour_shipment_cancelled'],
        ['$.stops[4].shipment_id', 'tour_shipment_not_found'],
      ]),
    );
    expect(found).toHaveLength(4);
    // The foreign shipment is described exactly as one that does not exist.
    const message = (p: string) => refused.errors.find((e: { path: string }) => e.path === p).message;
    expect(message('$.stops[1].shipment_id').replace(foreign, 'X')).toBe(message('$.stops[4].shipment_id').replace(unknown, 'X'));

    const b = await shipment();
    const order = expectProblem(
      await call(
        'POST',
        TOUR_PATHS.collection,
        tourBody([
          { shipment_id: a, kind: 'delivery' },
          { shipment_id: a, kind: 'pickup' },
          { shipment_id: b, kind: 'pickup' },
          { shipment_id: b, kind: 'pickup' },
        ]),
      ),
      'validation_failed',
    );
    expect(order.errors.map((e: { path: string; code: string }) => [e.path, e.code])).toEqual([
      ['$.stops[0].kind', 'tour_delivery_before_pickup'],
      ['$.stops[3]', 'tour_duplicate_stop'],
    ]);
    expectProblem(await call('POST', TOUR_PATHS.collection, tourBody([{ shipment_id: 'shp_nope', kind: 'pickup' }])), 'invalid_id');
    expectProblem(await call('POST', TOUR_PATHS.collection, tourBody([])), 'validation_failed');
    expectProblem(await call('POST', TOUR_PATHS.collection, tourBody([{ shipment_id: a, kind: 'pickup' }], { driver: { name: 'X', phone: '0612345678' } })), 'validation_failed');
    // A delivery without a pickup in the run (goods loaded the day before) is allowed.
    expect((await call('POST', TOUR_PATHS.collection, tourBody([{ shipment_id: a, kind: 'delivery' }]))).statusCode).toBe(201);
  });

  it('moves planned → in_progress → completed as stops are done or skipped; refuses what the machine forbids', async () => {
    // Done without the stops' signatures, each with the reason (docs/tours.md).
    const [a, b] = [await shipment(fullShipment(), { issue: true }), await shipment(fullShipment(), { issue: true })];
    const tour = await created(tourBody(run(a, b)));
    const onPaper = { outcome: 'done', missing_signatures: { reason: 'signed_on_paper' } };
    const started = await complete(tour.id, 1, onPaper);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', started_at: t.clock.now().toISOString(), completed_at: null });
    expect(started.json().stops[0]).toMatchObject({ position: 1, status: 'done', completed_at: t.clock.now().toISOString() });
    expectProblem(await complete(tour.id, 1, { outcome: 'skipped', reason: 'again' }), 'invalid_transition');
    expectProblem(await complete(tour.id, 2, { outcome: 'skipped' }), 'validation_failed');
    expectProblem(await complete(tour.id, 5, { outcome: 'done' }), 'not_found');
    expect((await complete(tour.id, 2, { outcome: 'skipped', reason: 'Closed: public holiday' })).json().stops[1]).toMatchObject({ status: 'skipped', reason: 'Closed: public holiday' });
    expect((await complete(tour.id, 3, onPaper)).json().status).toBe('in_progress');
    const done = (await complete(tour.id, 4, onPaper)).json();
    expect(done).toMatchObject({ status: 'completed', completed_at: t.clock.now().toISOString() });

    expectProblem(await complete(tour.id, 4, { outcome: 'done' }), 'invalid_state');
    expectProblem(await call('PATCH', path(TOUR_PATHS.one, tour.id), { name: 'Later' }), 'invalid_state');
    expectProblem(await call('POST', path(TOUR_PATHS.cancel, tour.id)), 'invalid_transition');
    expect((await tourEvents(tour.id)).map((e: { type: string; data: { status: string } }) => [e.type, e.data.status])).toEqual([
      ['tour.created', 'planned'],
      ['tour.started', 'in_progress'],
      ['tour.completed', 'completed'],
    ]);
  });

  it('cancels a planned or running tour once; a cancelled tour no longer changes', async () => {
    const a = await shipment();
    const tour = await created(tourBody([{ shipment_id: a, kind: 'pickup' }, { shipment_id: a, kind: 'delivery' }]));
    await complete(tour.id, 1, { outcome: 'done' });
    const res = await call('POST', path(TOUR_PATHS.cancel, tour.id), { reason: 'Truck broke down' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellation_reason: 'Truck broke down', cancelled_at: t.clock.now().toISOString() });
    expectProblem(await call('POST', path(TOUR_PATHS.cancel, tour.id)), 'invalid_transition');
    expectProblem(await call('PATCH', path(TOUR_PATHS.one, tour.id), { date: '2026-12-03' }), 'invalid_state');
    expectProblem(await complete(tour.id, 2, { outcome: 'done' }), 'invalid_state');
    expect((await tourEvents(tour.id)).at(-1)).toMatchObject({ type: 'tour.cancelled', data: { status: 'cancelled', reason: 'Truck broke down' } });
    // The shipment keeps the driver the tour gave it.
    expect((await shipmentsApi(t, tenant).get(a)).json().driver).toEqual(DRIVER);
  });

  it('updates the stop order and the driver while open: kept stops keep their status, a completed one may not be dropped', async () => {
    const [a, b] = [await shipment(), await shipment()];
    const tour = await created(tourBody(run(a, b)));
    await complete(tour.id, 1, { outcome: 'skipped', reason: 'Closed' });
    const reordered = [run(a, b)[0]!, run(a, b)[1]!, run(a, b)[3]!, run(a, b)[2]!];
    const newDriver = { name: 'Jan de Boer', phone: '+31611111111', language: 'nl' as const };
    const res = await call('PATCH', path(TOUR_PATHS.one, tour.id), { stops: reordered, driver: newDriver, vehicle: null });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'in_progress', driver: newDriver, vehicle: null });
    expect(body.stops.map((s: { position: number; shipment_id: string; kind: string; status: string }) => [s.position, s.shipment_id, s.kind, s.status])).toEqual([
      [1, a, 'pickup', 'skipped'],
      [2, b, 'pickup', 'pending'],
      [3, b, 'delivery', 'pending'],
      [4, a, 'delivery', 'pending'],
    ]);
    expect((await shipmentsApi(t, tenant).get(b)).json()).toMatchObject({ driver: newDriver, vehicle: VEHICLE });
    expect((await tourEvents(tour.id)).at(-1)).toMatchObject({ type: 'tour.updated', data: { changed_fields: ['driver', 'vehicle', 'stops'], status: 'in_progress' } });

    const dropped = expectProblem(await call('PATCH', path(TOUR_PATHS.one, tour.id), { stops: reordered.slice(1) }), 'validation_failed');
    expect(dropped.errors).toMatchObject([{ path: '$.stops', code: 'tour_completed_stop_removed' }]);
    const before = (await tourEvents(tour.id)).length;
    expect((await call('PATCH', path(TOUR_PATHS.one, tour.id), { driver: newDriver })).statusCode).toBe(200);
    expect(await tourEvents(tour.id)).toHaveLength(before);
  });

  it('a shipment in transit keeps its own vehicle and the tour warns on its stop; the driver still changes', async () => {
    const id = await shipment(fullShipment(), { issue: true });
    for (const role of ['consignor', 'carrier']) {
      const signed = await call('POST', `/v1/shipments/${id}/signatures`, { role, signer_name: 'Someone' });
      expect(signed.statusCode, signed.body).toBe(201);
    }
    const tour = await created(tourBody([{ shipment_id: id, kind: 'delivery' }]));
    expect(tour.warnings).toMatchObject([{ path: '$.stops[0].shipment_id', code: 'tour_assignment_kept', params: { shipment_id: id, field: 'vehicle', status: 'in_transit' } }]);
    const stored = (await shipmentsApi(t, tenant).get(id)).json();
    expect(stored.driver).toEqual(DRIVER);
    expect(stored.vehicle).toEqual(fullShipment().vehicle);
  });

  it('sends tour events to subscribed webhook endpoints', async () => {
    const own = await t.newTenant();
    const endpoint = await call('POST', '/v1/webhook-endpoints', { url: 'https://hooks.example.com/tours', events: ['tour.*'] }, own.testKey);
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const a = (await shipmentsApi(t, own).created(minimalShipment())).id;
    const tour = await created(tourBody([{ shipment_id: a, kind: 'pickup' }]), own.testKey);
    const deliveries = (await call('GET', '/v1/webhook-deliveries', undefined, own.testKey)).json().data;
    // The shipment's own shipment.created and shipment.updated are not subscribed to.
    expect(deliveries).toMatchObject([{ endpoint_id: endpoint.json().id, event_type: 'tour.created' }]);
    const detail = (await call('GET', `/v1/webhook-deliveries/${deliveries[0].id}`, undefined, own.testKey)).json();
    expect(JSON.stringify(detail)).toContain(tour.id);
  });

  it('needs tours:read to read and tours:write to change', async () => {
    const reader = await t.newTenant({ scopes: ['tours:read', 'shipments:read'] });
    expect((await call('GET', TOUR_PATHS.collection, undefined, reader.testKey)).statusCode).toBe(200);
    const tourId = 'tour_01JD0000000000000000000000';
    expectProblem(await call('POST', TOUR_PATHS.collection, tourBody([{ shipment_id: 'shp_01JD0000000000000000000000', kind: 'pickup' }]), reader.testKey), 'insufficient_scope');
    expectProblem(await call('PATCH', path(TOUR_PATHS.one, tourId), { name: 'x' }, reader.testKey), 'insufficient_scope');
    expectProblem(await call('POST', path(TOUR_PATHS.cancel, tourId), undefined, reader.testKey), 'insufficient_scope');
    const shipmentsOnly = await t.newTenant({ scopes: ['shipments:read', 'shipments:write'] });
    expectProblem(await call('GET', TOUR_PATHS.collection, undefined, shipmentsOnly.testKey), 'insufficient_scope');
    expectProblem(await call('GET', path(TOUR_PATHS.one, tourId), undefined, shipmentsOnly.testKey), 'insufficient_scope');
  });

  it("another organisation's tour, or the other mode's, is not_found; a malformed id is invalid_id", async () => {
    const a = await shipment();
    const tour = await created(tourBody([{ shipment_id: a, kind: 'pickup' }]));
    const other = await t.newTenant();
    for (const key of [other.testKey, tenant.liveKey]) {
      expectProblem(await call('GET', path(TOUR_PATHS.one, tour.id), undefined, key), 'not_found');
      expectProblem(await call('PATCH', path(TOUR_PATHS.one, tour.id), { name: 'Mine now' }, key), 'not_found');
      expectProblem(await call('POST', path(TOUR_PATHS.cancel, tour.id), undefined, key), 'not_found');
      expectProblem(await call('POST', path(TOUR_PATHS.completeStop, tour.id, 1), { outcome: 'done' }, key), 'not_found');
      expect((await call('GET', TOUR_PATHS.collection, undefined, key)).json().data).toEqual([]);
    }
    expectProblem(await call('GET', path(TOUR_PATHS.one, 'tour_nope')), 'invalid_id');
  });
});
