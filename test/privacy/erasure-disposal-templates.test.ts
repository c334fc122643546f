/**
 * An erasure reaches the right of disposal, the shipment templates and a successive carrier's
 * takeover (docs/privacy.md): Jan gives a disposal instruction through the sender's sign link sent
 * to him, and is the new consignee (at home) of an instruction the carrier accepted; a template of a
 * lane to his home names him; another sender proposes him as the new consignee in an instruction
 * not yet decided; he signs for a successive carrier with the place of the takeover.
 * A dry run finds each of them, the erasure reports the same, and afterwards no stored row of the
 * organisation holds his values or that place: the instructions keep what was instructed without
 * him, the one he gave loses its IP address and user agent (the API key's instruction keeps
 * them), his template loses his records and another template is untouched, the signature loses
 * its place with its other evidence, the takeover event and its webhook body too; every chain
 * still verifies and Sanne's values all stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_PATHS } from '../../src/modules/privacy/privacy.routes.js';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { backends } from '../support/backends.js';
import { disposalApi } from '../support/disposal-api.js';
import { fullShipment, minimalShipment } from '../support/shipment-fixtures.js';
import { laneTemplate, shipmentTemplatesApi } from '../support/shipment-templates-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';
import { JAN, SANNE, organisationRows, traces, withoutNewRequestLogs } from './erasure-support.js';

const HOME = { street: 'Berkenhof 3', postal_code: '6705 KL', city: 'Wageningen', country: 'NL' };
const PLACE = 'Venlo, lay-by behind Tulpstraat 9';
const JAN_VALUES = [JAN.name, JAN.email, JAN.phone, HOME.street, HOME.postal_code, PLACE];
const SANNE_VALUES = [SANNE.name, SANNE.email, SANNE.phone];

type Location = { resource: string; id: string; fields: string[] };

describe.each(backends())('erasure of instructions, templates and takeover places on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  let laneBefore: unknown;
  const ids = { disposal: '', takeover: '', byLink: '', accepted: '', byKey: '', pending: '', janTemplate: '', laneTemplate: '', takeoverSignature: '' };

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, headers: t.auth(tenant.testKey), ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const linkTo = async (shipmentId: string, body: object): Promise<string> => {
    await ok('POST', `/v1/shipments/${shipmentId}/signature-requests`, { channel: 'email', recipient: JAN.email, ...body });
    const mail = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', JAN.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return /\/sign\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
  };

  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
    t.resolver.set('hooks.example.com', ['93.184.216.34']);
    await ok('POST', '/v1/webhook-endpoints', { url: 'https://hooks.example.com/fds', events: ['*'] });
    const disposal = disposalApi(t, tenant);

    // 1: the sender (Sanne its contact) has the goods delivered to Jan at home instead; the carrier accepts.
    const body: ShipmentInput = minimalShipment();
    body.consignor!.contact = { name: SANNE.name, email: SANNE.email, phone: SANNE.phone };
    ids.disposal = await disposal.inStatus('issued', body);
    const accepted = await disposal.given(ids.disposal, {
      instructing_party: 'consignor',
      kind: 'change_consignee',
      consignee: { name: JAN.name, address: { ...HOME }, contact: { email: JAN.email, phone: JAN.phone } },
      delivery: { address: { ...HOME }, contact: { name: JAN.name, phone: JAN.phone } },
      text: `Sold to ${JAN.name}; ${SANNE.name} confirmed by phone.`,
    });
    ids.accepted = accepted.id;
    expect((await disposal.accept(ids.disposal, accepted.id)).statusCode).toBe(200);
    // Jan, who has the sender's sign link, tells the carrier to hold the goods.
    const byLink = await disposal.fromLink(await linkTo(ids.disposal, { role: 'consignor' }), { kind: 'stop', text: `Hold the goods until ${JAN.name} calls on ${JAN.phone}.` });
    expect(byLink.statusCode, byLink.body).toBe(201);
    ids.byLink = byLink.json().id;
    ids.byKey = (await disposal.given(ids.disposal, { instructing_party: 'consignor', kind: 'stop', text: `${SANNE.name} asks to hold them at the depot.` })).id;

    // Another sender proposes Jan as the new consignee; the carrier has not decided: only the instruction names him.
    const other = await disposal.inStatus('issued');
    ids.pending = (await disposal.given(other, { instructing_party: 'consignor', kind: 'change_consignee', consignee: { name: JAN.name, address: { ...HOME }, contact: { email: JAN.email } } })).id;

    // 2: Jan, the contact of the successive carrier, signs for it where he took the goods over.
    const takeover: ShipmentInput = { ...fullShipment(), successive_carriers: [{ name: 'Spedycja Łódź Sp. z o.o.', address: { street: 'ul. Długa 1', postal_code: '90-001', city: 'Łódź', country: 'PL' }, contact: { name: JAN.name, email: JAN.email } }] };
    ids.takeover = (await ok('POST', '/v1/shipments?issue=true', takeover)).id;
    for (const role of ['consignor', 'carrier']) await ok('POST', `/v1/shipments/${ids.takeover}/signatures`, { role, signer_name: SANNE.name });
    ids.takeoverSignature = (await ok('POST', `/v1/shipments/${ids.takeover}/signatures`, { role: 'successive_carrier', successive_index: 0, signer_name: JAN.name, place: PLACE })).id;

    // 3: a template of the lane to Jan's home, and another lane's.
    const templates = shipmentTemplatesApi(t, tenant);
    const lane = laneTemplate();
    ids.janTemplate = (await templates.created({ ...lane, name: 'Rotterdam → Wageningen, weekly', consignee: { name: JAN.name, address: { ...HOME }, contact: { phone: JAN.phone } }, delivery: { address: { ...HOME } } })).id;
    ids.laneTemplate = (await templates.created(lane)).id;
    laneBefore = (await templates.get(ids.laneTemplate)).json();
    // Every request so far is in the stored request logs before the rows are compared.
    await t.runtime.requestLogs.flush();
  }, 120_000);
  afterAll(() => t.close());

  it('finds and erases him in the instructions, his template and the takeover, exactly as the dry run said', async () => {
    const before = await organisationRows(t, tenant.organizationId);
    expect(traces(before, JAN_VALUES).length).toBeGreaterThan(0);

    const dry = await call('POST', PRIVACY_PATHS.erasures, { subject: { email: JAN.email }, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const plan = dry.json();
    // The dry run changed nothing.
    expect(withoutNewRequestLogs(before, await organisationRows(t, tenant.organizationId))).toEqual(before);
    const where = (resource: string) => (plan.locations as Location[]).filter((l) => l.resource === resource);
    const at = (resource: string, id: string) => where(resource).find((l) => l.id === id)?.fields;

    expect(where('disposal_instruction').map((l) => l.id).sort()).toEqual([ids.accepted, ids.byLink, ids.pending].sort());
    expect(at('disposal_instruction', ids.pending)).toEqual(['consignee.name', 'consignee.contact', 'consignee.address.street', 'consignee.address.city', 'consignee.address.postal_code']);
    expect(at('disposal_instruction', ids.accepted)).toEqual(
      expect.arrayContaining(['consignee.name', 'consignee.contact', 'consignee.address.street', 'consignee.address.postal_code', 'delivery.contact.name', 'delivery.contact.phone', 'delivery.address.street', 'text']),
    );
    // The API key's evidence is the sender's system, not Jan: it stays.
    expect(at('disposal_instruction', ids.accepted)).not.toContain('user_agent');
    expect(at('disposal_instruction', ids.byLink)).toEqual(['text', 'ip', 'user_agent']);
    expect(where('shipment_template')).toEqual([
      { resource: 'shipment_template', id: ids.janTemplate, fields: expect.arrayContaining(['consignee.name', 'consignee.contact', 'consignee.address.street', 'delivery.address.street']), count: expect.any(Number) },
    ]);
    expect(at('signature', ids.takeoverSignature)).toEqual(['signer_name', 'ip', 'user_agent', 'place']);
    expect(where('shipment_event').some((l) => l.fields.includes('data.place'))).toBe(true);
    expect(where('event').some((l) => l.fields.includes('data.place'))).toBe(true);
    expect(where('webhook_delivery').some((l) => l.fields.includes('body.data.place'))).toBe(true);

    const done = await call('POST', PRIVACY_PATHS.erasures, { subject: { email: JAN.email }, dry_run: false });
    expect(done.statusCode, done.body).toBe(201);
    const comparable = (r: Record<string, unknown>) => ({ ...r, id: undefined, dry_run: undefined, status: undefined, created_at: undefined });
    expect(comparable(done.json())).toEqual(comparable(plan));

    const after = await organisationRows(t, tenant.organizationId);
    expect(traces(after, [...JAN_VALUES, HOME.postal_code.replace(' ', '')])).toEqual([]);
    expect(traces(after, SANNE_VALUES).sort()).toEqual(traces(before, SANNE_VALUES).sort());

    const instructions = (await ok('GET', `/v1/shipments/${ids.disposal}/disposal-instructions?order=asc`)).data as Record<string, any>[];
    const byId = (id: string) => instructions.find((i) => i.id === id)!;
    expect(byId(ids.accepted)).toMatchObject({ status: 'accepted', consignee: { name: '[erased]', address: { street: '[erased]', city: '[erased]', country: 'NL' } }, text: `Sold to [erased]; ${SANNE.name} confirmed by phone.` });
    expect(byId(ids.accepted).evidence.user_agent).toBe('disposal-test/1.0');
    expect(byId(ids.byLink)).toMatchObject({ text: 'Hold the goods until [erased] calls on [erased].', evidence: { authenticated_by: 'sign_link', ip: null, user_agent: null } });
    expect(byId(ids.byKey)).toMatchObject({ text: `${SANNE.name} asks to hold them at the depot.`, evidence: { user_agent: 'disposal-test/1.0' } });

    const template = await ok('GET', `/v1/shipment-templates/${ids.janTemplate}`);
    expect(template).toMatchObject({ name: 'Rotterdam → Wageningen, weekly', consignee: { name: '[erased]', address: { street: '[erased]', city: '[erased]', country: 'NL' } } });
    expect(await ok('GET', `/v1/shipment-templates/${ids.laneTemplate}`)).toEqual(laneBefore);

    const signature = (await ok('GET', `/v1/shipments/${ids.takeover}/signatures`)).data.find((s: { id: string }) => s.id === ids.takeoverSignature);
    expect(signature).toMatchObject({ signer_name: '[erased]', place: null });
    const takenOver = (await ok('GET', `/v1/shipments/${ids.takeover}/events`)).data.find((e: { type: string }) => e.type === 'shipment.taken_over');
    expect(takenOver).toMatchObject({ erased: true, data: { place: '[erased]', signature_id: ids.takeoverSignature } });
    for (const id of [ids.disposal, ids.takeover]) expect(await ok('GET', `/v1/shipments/${id}/integrity`)).toMatchObject({ valid: true });

    // Nothing is left to find.
    expect((await ok('POST', PRIVACY_PATHS.erasures, { subject: { email: JAN.email }, dry_run: true })).locations).toEqual([]);
  });
});
