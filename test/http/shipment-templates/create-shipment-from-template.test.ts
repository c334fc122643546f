/**
 * `POST /v1/shipments` with `template_id`: the body is applied over the template as a merge patch
 * (objects member by member, arrays whole, `null` removes) and the merged shipment gets exactly
 * the checks and findings of a create without a template, on the create and on its dry run. A
 * template id of the wrong shape is invalid_id; one of another organisation, of the other mode or
 * of no template is not_found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../../src/core/merge-patch.js';
import { SHIPMENT_PATHS } from '../../../src/modules/shipments/shipments.routes.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { laneTemplate, shipmentTemplatesApi, type ShipmentTemplatesApi } from '../../support/shipment-templates-api.js';
import { shipmentSuite } from '../../support/shipment-suite.js';

const overrides = {
  reference: 'PO-2026-120001',
  vehicle: { plate: '31-BLX-7', country: 'NL' },
  driver: { name: 'Anouk Smit', phone: '+31687654321' },
  pickup: { window: { from: '2026-12-08T07:00:00Z', to: '2026-12-08T09:00:00Z' } },
  delivery: { window: { from: '2026-12-08T13:00:00Z', to: '2026-12-08T16:00:00Z' } },
  goods: [{ description: 'Steel flanges DN150, zinc plated', quantity: 10, package_type: 'pallet', gross_weight_kg: 7200 }],
};

describe.each(backends())('shipments from templates on $name', (backend) => {
  const suite = shipmentSuite(backend);
  let templates: ShipmentTemplatesApi;
  let template: Record<string, unknown> & { id: string };
  beforeAll(async () => {
    templates = shipmentTemplatesApi(suite.t, suite.tenant);
    template = await templates.created();
  });
  const dryRun = (body: unknown, key = suite.tenant.testKey) => suite.t.app.inject({ method: 'POST', url: SHIPMENT_PATHS.validate, headers: suite.t.auth(key), payload: body as object });
  /** The template's shipment fields, without its name: what a body without `template_id` would have to send. */
  const fields = Object.fromEntries(Object.entries(laneTemplate()).filter(([key]) => key !== 'name'));

  it('fills the shipment from the template with the overrides: objects merge, arrays replace, null removes', async () => {
    const res = await suite.api.create({ template_id: template.id, ...overrides, principal: null });
    expect(res.statusCode, res.body).toBe(201);
    const shipment = res.json();
    const lane = laneTemplate() as Record<string, any>;
    expect(shipment).toMatchObject({ status: 'draft', transport_type: 'international', reference: overrides.reference, vehicle: overrides.vehicle, driver: overrides.driver });
    expect(shipment.consignor).toEqual(lane.consignor);
    expect(shipment.consignee).toEqual(lane.consignee);
    expect(shipment.charges).toEqual(lane.charges);
    expect(shipment.sender_instructions).toBe(lane.sender_instructions);
    expect(shipment.pickup).toEqual({ ...lane.pickup, window: overrides.pickup.window });
    expect(shipment.goods).toEqual(overrides.goods);
    expect(shipment).not.toHaveProperty('principal');
    expect(shipment).not.toHaveProperty('template_id');
    expect((await suite.api.get(shipment.id)).json()).toEqual(shipment);
    const created = (await suite.api.events(shipment.id)).json().data[0];
    expect(created).toMatchObject({ type: 'shipment.created', data: { template_id: template.id, reference: overrides.reference } });
    // The template itself is unchanged by the shipments made from it.
    expect((await templates.get(template.id)).json()).toEqual(template);
  });

  it('a bad override gets the findings the same merged body gets without a template, on the create and the dry run', async () => {
    const bad = { consignee: { address: { country: 'Germany' } }, goods: [{ description: 'Flanges', quantity: 0, package_type: 'pallet' }], charges: { cash_on_delivery: { amount: '500.00' } } };
    const merged = applyMergePatch(fields, bad);
    const templated = expectProblem(await suite.api.create({ template_id: template.id, ...bad }), 'validation_failed');
    const plain = expectProblem(await suite.api.create(merged), 'validation_failed');
    expect(templated.errors).toEqual(plain.errors);
    expect(templated.warnings).toEqual(plain.warnings);
    const paths = templated.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['$.consignee.address.country', '$.goods[0].quantity']));
    expect(paths.some((p: string) => p.startsWith('$.charges.cash_on_delivery'))).toBe(true);

    const dry = await dryRun({ template_id: template.id, ...bad });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual((await dryRun(merged)).json());
    expect(dry.json().valid).toBe(false);
    const good = (await dryRun({ template_id: template.id, ...overrides })).json();
    expect(good).toMatchObject({ valid: true, errors: [], transport_type: 'international' });
    // Findings come in the requested language, as for any body.
    const dutch = await suite.t.app.inject({ method: 'POST', url: SHIPMENT_PATHS.collection, headers: { ...suite.t.auth(suite.tenant.testKey), 'accept-language': 'nl' }, payload: { template_id: template.id, ...bad } });
    expect(expectProblem(dutch, 'validation_failed').errors).toEqual(expectProblem(await suite.t.app.inject({ method: 'POST', url: SHIPMENT_PATHS.collection, headers: { ...suite.t.auth(suite.tenant.testKey), 'accept-language': 'nl' }, payload: merged as object }), 'validation_failed').errors);
  });

  it('an empty template or an empty body is fine: the shipment is whatever the other holds, checked the same', async () => {
    const empty = await templates.created({ name: 'Nothing yet' });
    const full = await suite.api.create({ template_id: empty.id, ...(applyMergePatch(fields, overrides) as object) });
    expect(full.statusCode, full.body).toBe(201);
    const lacking = expectProblem(await suite.api.create({ template_id: empty.id }), 'validation_failed');
    expect(lacking.errors).toEqual(expectProblem(await suite.api.create({}), 'validation_failed').errors);
    const onlyTemplate = await suite.api.create({ template_id: template.id });
    expect(onlyTemplate.statusCode, onlyTemplate.body).toBe(201);
    expect(onlyTemplate.json().goods).toEqual((laneTemplate() as { goods: unknown }).goods);
  });

  it('a malformed template id is invalid_id; another organisation\'s, a deleted or an unknown one is not_found; the other mode\'s is refused saying so', async () => {
    for (const create of [(body: unknown) => suite.api.create(body), dryRun]) {
      const malformed = expectProblem(await create({ template_id: 'lane-1', ...overrides }), 'invalid_id');
      expect(malformed.errors).toEqual([expect.objectContaining({ path: '$.template_id' })]);
      expectProblem(await create({ template_id: 42 }), 'invalid_id');
      expectProblem(await create({ template_id: 'stpl_01JD0000000000000000000000', ...overrides }), 'not_found');
    }
    const other = await suite.t.newTenant();
    const theirs = await shipmentTemplatesApi(suite.t, other).created();
    expect(expectProblem(await suite.api.create({ template_id: theirs.id, ...overrides }), 'not_found').detail).toContain(theirs.id);

    const live = await templates.created(laneTemplate('Live lane'), suite.tenant.liveKey);
    const refused = expectProblem(await suite.api.create({ template_id: live.id, ...overrides }), 'not_found');
    expect(refused.detail).toMatch(/live-mode template; this request is in test mode/);
    expectProblem(await dryRun({ template_id: live.id, ...overrides }), 'not_found');
    // In its own mode it serves.
    expect((await suite.api.create({ template_id: live.id, ...overrides }, { key: suite.tenant.liveKey })).statusCode).toBe(201);

    const doomed = await templates.created(laneTemplate('Soon gone'));
    const made = await suite.api.created({ template_id: doomed.id, ...overrides } as never);
    expect((await templates.remove(doomed.id)).statusCode).toBe(204);
    expectProblem(await suite.api.create({ template_id: doomed.id, ...overrides }), 'not_found');
    expect((await suite.api.get(made.id)).json().consignor).toEqual((laneTemplate() as { consignor: unknown }).consignor);
  });

  it('PATCH of a shipment never takes template_id: it is a create-only field', async () => {
    const { id } = await suite.api.created({ template_id: template.id, ...overrides } as never);
    const res = expectProblem(await suite.api.patch(id, { template_id: template.id }), 'validation_failed');
    expect(res.errors).toEqual([expect.objectContaining({ path: '$.template_id', code: 'unknown_field' })]);
  });
});
