/**
 * Shipment templates: create, read, merge-patch update, delete and list with a cursor; each kept in
 * its organisation and mode; the shipment input's field limits, the body limit and Idempotency-Key
 * as on other POSTs; every act in the audit log without the parties' values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { laneTemplate, shipmentTemplatesApi, type ShipmentTemplatesApi } from '../../support/shipment-templates-api.js';
import { shipmentSuite } from '../../support/shipment-suite.js';

describe.each(backends())('shipment templates on $name', (backend) => {
  const suite = shipmentSuite(backend);
  let api: ShipmentTemplatesApi;
  beforeAll(() => {
    api = shipmentTemplatesApi(suite.t, suite.tenant);
  });

  it('creates a template (201, Location, stpl_ id), reads it, patches it as a merge patch and deletes it', async () => {
    const body = laneTemplate();
    const res = await api.create(body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.id).toMatch(/^stpl_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(res.headers.location).toBe(`/v1/shipment-templates/${created.id}`);
    expect(created).toEqual({ ...body, id: created.id, mode: 'test', created_at: created.created_at, updated_at: created.created_at });
    expect((await api.get(created.id)).json()).toEqual(created);

    const patch = {
      name: 'Rotterdam → Duisburg, Tuesdays',
      consignee: { contact: { phone: '+492034567899' } },
      principal: null,
      goods: [{ description: 'Steel flanges DN200', quantity: 6, package_type: 'pallet', gross_weight_kg: 5100 }],
    };
    const patched = await api.patch(created.id, patch);
    expect(patched.statusCode, patched.body).toBe(200);
    const after = patched.json();
    expect(after.name).toBe('Rotterdam → Duisburg, Tuesdays');
    // Objects merge member by member: the rest of the consignee and its contact stay.
    expect(after.consignee).toEqual({ ...body.consignee as object, contact: { ...(body.consignee as { contact: object }).contact, phone: '+492034567899' } });
    expect(after).not.toHaveProperty('principal');
    expect(after.goods).toEqual(patch.goods);
    expect(after.carrier).toEqual(body.carrier);
    expect((await api.get(created.id)).json()).toEqual(after);
    // A patch that changes nothing answers the template as it is.
    expect((await api.patch(created.id, { name: after.name })).json()).toEqual(after);

    expect((await api.remove(created.id)).statusCode).toBe(204);
    expectProblem(await api.get(created.id), 'not_found');
    expectProblem(await api.remove(created.id), 'not_found');

    const audit = await suite.t.app.inject({ method: 'GET', url: `/v1/audit-log?target=${created.id}`, headers: suite.t.auth(suite.tenant.testKey) });
    const acts = audit.json().data as { action: string; changes: Record<string, unknown> }[];
    expect(acts.map((a) => a.action).sort()).toEqual(['shipment_template.created', 'shipment_template.deleted', 'shipment_template.updated']);
    expect(acts.find((a) => a.action === 'shipment_template.created')!.changes).toEqual({ fields: expect.arrayContaining(['consignor', 'consignee']) });
    expect(acts.find((a) => a.action === 'shipment_template.updated')!.changes).toEqual({ changed_fields: ['name', 'consignee', 'principal', 'goods'] });
    expect(acts.find((a) => a.action === 'shipment_template.deleted')!.changes).toEqual({});
    // The log is kept whole, beyond an erasure: the template's name (free text, it may name a
    // customer) stays out of it, as do the parties' names and contacts.
    expect(audit.body).not.toContain(body.name as string);
    expect(audit.body).not.toContain('Rotterdam → Duisburg, Tuesdays');
    expect(audit.body).not.toContain('Sanne de Vries');
    expect(audit.body).not.toContain('+492034567899');
  });

  it('lists newest first with a cursor, filtered by name', async () => {
    const tenant = await suite.t.newTenant();
    const own = shipmentTemplatesApi(suite.t, tenant);
    const ids = [];
    for (const name of ['A', 'B', 'C']) ids.push((await own.created({ name, sender_instructions: `Lane ${name}` })).id);
    const first = (await own.list('?limit=2')).json();
    expect(first.data.map((t: { id: string }) => t.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = (await own.list(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(second).toEqual({ data: [expect.objectContaining({ id: ids[0], name: 'A', sender_instructions: 'Lane A' })], has_more: false, next_cursor: null });
    expect((await own.list('?name=B')).json().data.map((t: { id: string }) => t.id)).toEqual([ids[1]]);
    expectProblem(await own.list('?cursor=forged'), 'invalid_cursor');
    expectProblem(await own.list('?limit=101'), 'bad_request');
  });

  it("keeps templates per organisation and mode: another's or the other mode's is not_found, and lists never show it", async () => {
    const other = await suite.t.newTenant();
    const theirs = await shipmentTemplatesApi(suite.t, other).created();
    const live = await api.created(laneTemplate('Live lane'), suite.tenant.liveKey);
    expect(live.mode).toBe('live');
    for (const id of [theirs.id, live.id]) {
      expectProblem(await api.get(id), 'not_found');
      expectProblem(await api.patch(id, { name: 'mine now' }), 'not_found');
      expectProblem(await api.remove(id), 'not_found');
    }
    const listed = JSON.stringify((await api.list('?limit=100')).json());
    expect(listed).not.toContain(theirs.id);
    expect(listed).not.toContain(live.id);
    expect((await api.list('?limit=100', suite.tenant.liveKey)).json().data.map((t: { id: string }) => t.id)).toEqual([live.id]);
    expect((await api.get(theirs.id, other.testKey)).json().name).toBe(theirs.name);
    expectProblem(await api.get('tpl-1'), 'invalid_id');
  });

  it('scopes: shipments:read reads templates, shipments:write is needed to change them', async () => {
    const { id } = await api.created(laneTemplate('Scoped'));
    const readOnly = await suite.t.newTenant({ scopes: ['shipments:read'] });
    const reader = shipmentTemplatesApi(suite.t, readOnly);
    expect((await reader.list()).statusCode).toBe(200);
    expectProblem(await reader.create(laneTemplate('Not mine to make')), 'insufficient_scope');
    const none = shipmentTemplatesApi(suite.t, await suite.t.newTenant({ scopes: ['events:read'] }));
    expectProblem(await none.list(), 'insufficient_scope');
    expectProblem(await none.get(id), 'insufficient_scope');
  });

  it('checks each field with the limits of the shipment input; the body limit and unknown fields as elsewhere', async () => {
    const finding = async (body: unknown) => expectProblem(await api.create(body), 'validation_failed').errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`);
    expect(await finding({ sender_instructions: 'x' })).toEqual(['$.name required']);
    expect(await finding({ name: 'x', vehicle: { plate: 'AB-12-CD' } })).toEqual(['$.vehicle unknown_field']);
    expect(await finding({ name: 'x', consignor: { ...laneTemplate().consignor as object, name: 'n'.repeat(201) } })).toEqual(['$.consignor.name too_long']);
    expect(await finding({ name: 'x', goods: Array.from({ length: 201 }, () => ({ description: 'Box', quantity: 1, package_type: 'box' })) })).toEqual(['$.goods too_many_items']);
    expect(await finding({ name: 'x', goods: [{ description: 'Box', quantity: 0, package_type: 'box' }] })).toEqual(['$.goods[0].quantity out_of_range']);
    expect(await finding({ name: 'x', successive_carriers: Array.from({ length: 11 }, () => laneTemplate().carrier) })).toEqual(['$.successive_carriers too_many_items']);
    expect(await finding({ name: 'x', charges: { carriage: { amount: '12.345', currency: 'EUR' } } })).toEqual(['$.charges.carriage.amount invalid_format']);
    expect(await finding({ name: 'x', sender_instructions: 's'.repeat(2001) })).toEqual(['$.sender_instructions too_long']);
    expect(await finding({ name: 'x', special_agreements: 'nul \u0000' })).toEqual(['$.special_agreements invalid_characters']);
    expect(await finding({ name: 'n'.repeat(201) })).toEqual(['$.name too_long']);

    const { id } = await api.created();
    const patchFinding = async (patch: unknown) => expectProblem(await api.patch(id, patch), 'validation_failed').errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`);
    expect(await patchFinding({ name: null })).toEqual(['$.name required']);
    expect(await patchFinding({ consignee: { address: { country: 'Germany' } } })).toEqual(['$.consignee.address.country invalid_format']);
    expect(await patchFinding({ driver: { name: 'Pieter' } })).toEqual(['$.driver unknown_field']);

    const huge = { name: 'big', special_agreements: 'x'.repeat(1024 * 1024 + 10) };
    expectProblem(await api.create(huge), 'payload_too_large');
  });

  it('a retried create with the same Idempotency-Key answers the first template and stores one', async () => {
    const tenant = await suite.t.newTenant();
    const own = shipmentTemplatesApi(suite.t, tenant);
    const body = laneTemplate('Retried');
    const first = await own.create(body, { headers: { 'idempotency-key': 'tpl-1' } });
    expect(first.statusCode).toBe(201);
    const again = await own.create(body, { headers: { 'idempotency-key': 'tpl-1' } });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await own.list()).json().data).toHaveLength(1);
    expectProblem(await own.create({ ...body, name: 'Another' }, { headers: { 'idempotency-key': 'tpl-1' } }), 'idempotency_key_reused');
  });
});
