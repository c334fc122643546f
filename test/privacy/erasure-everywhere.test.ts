/**
 * An erasure erases everywhere (docs/privacy.md): three people, each a private consignee whose
 * home is also the delivery address (signed for and delivered, so a proof of delivery exists), the
 * person on site at a pickup from their home, on a tour's stops, named in a remark and a stop's
 * reason. Every read includes the inspection JSON and page behind the note's QR code. The eFTI dataset is read before the erasure (so its projection is cached), then each is
 * erased (by name and address, by e-mail, by phone), and every API read of their shipments, the
 * eFTI dataset in JSON, XML, every subset and the gate's documents, the feed, the webhook bodies,
 * and a fresh export's files hold none of their values: name, e-mail, phone, street, postal code,
 * city. What stays is the sealed PDFs under their retention duty and the drawn signature image,
 * listed as retained by the erasure; a second person's values stay everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantContext } from '../../src/core/context.js';
import { gateIdentifierXml, gateSubsetsXml } from '../../src/modules/efti/gate/gate-documents.js';
import { loadEftiSource } from '../../src/modules/efti/mapping/efti-source.js';
import { openExport, readFile } from '../../src/modules/exports/verifier/verify.mjs';
import { PRIVACY_PATHS } from '../../src/modules/privacy/privacy.routes.js';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { backends } from '../support/backends.js';
import { exportsApi } from '../support/exports-api.js';
import { inspectApi } from '../support/inspect-api.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

interface Person {
  name: string;
  email: string;
  phone: string;
  home: { street: string; postal_code: string; city: string; country: string };
}

const PEOPLE: Record<'name_address' | 'email' | 'phone', Person> = {
  name_address: { name: 'Eva Jansen', email: 'eva.jansen@home.example', phone: '+31655500011', home: { street: 'Zonnebloemstraat 7', postal_code: '7417 XK', city: 'Deventer', country: 'NL' } },
  email: { name: 'Jan de Vries', email: 'jan.devries@private.example', phone: '+31611122233', home: { street: 'Berkenhof 3', postal_code: '6705 KL', city: 'Wageningen', country: 'NL' } },
  phone: { name: 'Sanne Bakker', email: 'sanne.bakker@other.example', phone: '+31644455566', home: { street: 'Kastanjelaan 44', postal_code: '8011 CB', city: 'Zwolle', country: 'NL' } },
};
/** Someone on the same shipments who is not erased. */
const KEPT: Person = { name: 'Mark Visser', email: 'mark.visser@kept.example', phone: '+31677788899', home: { street: 'Populierendreef 90', postal_code: '2272 AB', city: 'Voorburg', country: 'NL' } };

/** The values as entered; a search after the erasure also looks for the postal code without its space. */
const valuesOf = (p: Person) => [p.name, p.email, p.phone, p.home.street, p.home.postal_code, p.home.city];
const searched = (p: Person) => [...valuesOf(p), p.home.postal_code.replace(' ', '')];
const SUBSETS = ['', 'EU01', 'EU03', 'identifier', 'EU01,EU03'];
/** The sealed kinds of document, kept under their retention duty (docs/privacy.md). */
const SEALED = new Set(['consignment_note', 'pod', 'invoice']);

describe.each(backends())('an erasure erases every copy on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  let ctx: TenantContext;
  const shipmentsOf: Record<string, string[]> = {};
  const tours: string[] = [];

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...t.auth(tenant.testKey), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: unknown, headers?: Record<string, string>) => {
    const res = await call(method, url, payload, headers);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const json = async (method: 'GET' | 'POST', url: string, payload?: unknown) => (await ok(method, url, payload)).json();
  const sign = (id: string, role: string, signer_name: string) => ok('POST', `/v1/shipments/${id}/signatures`, { role, signer_name });

  /** The eFTI dataset of a shipment in every form: JSON and XML, whole and by subsets, and the gate's documents. */
  async function eftiReads(id: string): Promise<string[]> {
    const out: string[] = [];
    for (const subset of SUBSETS) {
      const url = `/v1/shipments/${id}/efti${subset ? `?subset=${subset}` : ''}`;
      out.push((await ok('GET', url)).body, (await ok('GET', url, undefined, { accept: 'application/xml' })).body);
    }
    const source = (await loadEftiSource(ctx, id))!;
    out.push(gateIdentifierXml(source), await gateSubsetsXml(t.runtime.services, source, ['EU01', 'EU03', 'identifier']));
    return out;
  }

  /** Every API read of a shipment, its tours and the organisation's feeds, as text. */
  async function everyRead(ids: readonly string[]): Promise<string> {
    const out: string[] = [];
    const inspect = inspectApi(t);
    for (const id of ids) {
      for (const path of ['', '/events', '/signatures', '/remarks', '/documents', '/signature-requests']) {
        const res = await call('GET', `/v1/shipments/${id}${path}`);
        if (res.statusCode !== 404) out.push(res.body);
      }
      const shipment = await json('GET', `/v1/shipments/${id}`);
      if (shipment.status === 'delivered') out.push((await ok('GET', `/v1/shipments/${id}/pod`)).body);
      // What a roadside inspector sees behind the QR code: the JSON and the page.
      const token = String(shipment.inspection_url).slice(String(shipment.inspection_url).lastIndexOf('/') + 1);
      for (const res of [await inspect.json(token), await inspect.page(token)]) {
        expect(res.statusCode, res.body).toBe(200);
        out.push(res.body);
      }
      out.push(...(await eftiReads(id)));
    }
    for (const id of tours) out.push((await ok('GET', `/v1/tours/${id}`)).body);
    for (const url of ['/v1/shipments?limit=100', '/v1/tours?limit=100', '/v1/events?limit=100', '/v1/notifications?limit=100', '/v1/audit-log?limit=100']) {
      const page = await json('GET', url);
      expect(page.has_more, url).toBe(false);
      out.push(JSON.stringify(page));
    }
    const deliveries = await json('GET', '/v1/webhook-deliveries?limit=100');
    expect(deliveries.data.length).toBeGreaterThan(0);
    for (const d of deliveries.data) out.push((await ok('GET', `/v1/webhook-deliveries/${d.id}`)).body);
    return out.join('\n');
  }

  const found = (text: string, values: readonly string[]) => values.filter((v) => text.toLowerCase().includes(v.toLowerCase()));

  /** A private consignee at home, the home also the delivery address, delivered; and a pickup from home with them on site, on a tour. */
  async function shipmentsFor(p: Person): Promise<string[]> {
    const delivered: ShipmentInput = minimalShipment();
    delivered.consignee = { name: p.name, address: { ...p.home }, contact: { email: p.email, phone: p.phone } };
    delivered.delivery = { ...delivered.delivery!, address: { ...p.home }, contact: { name: p.name, phone: p.phone } };
    delivered.consignor!.contact = { name: KEPT.name, email: KEPT.email, phone: KEPT.phone };
    const a = await json('POST', '/v1/shipments?issue=true', delivered);

    const pickup: ShipmentInput = minimalShipment();
    pickup.pickup = { ...pickup.pickup!, address: { ...p.home }, contact: { name: p.name, email: p.email, phone: p.phone }, instructions: `Ring at ${p.home.street}, ${p.home.postal_code}.` };
    pickup.consignee = { name: KEPT.name, address: { ...KEPT.home }, contact: { email: KEPT.email } };
    pickup.delivery = { ...pickup.delivery!, address: { ...KEPT.home } };
    const b = await json('POST', '/v1/shipments?issue=true', pickup);

    const tour = await json('POST', '/v1/tours', {
      name: `Round ${tours.length + 1}`,
      date: '2026-12-01',
      driver: { name: 'Piotr Nowak', phone: '+31699988877' },
      stops: [
        { shipment_id: a.id, kind: 'pickup' },
        { shipment_id: b.id, kind: 'pickup' },
        { shipment_id: a.id, kind: 'delivery' },
        { shipment_id: b.id, kind: 'delivery' },
      ],
    });
    tours.push(tour.id);
    await ok('POST', `/v1/tours/${tour.id}/stops/2/complete`, { outcome: 'skipped', reason: `Nobody at ${p.home.street} to hand the goods over.` });

    await sign(a.id, 'consignor', KEPT.name);
    await sign(a.id, 'carrier', 'Piotr Nowak');
    await ok('POST', `/v1/shipments/${a.id}/remarks`, { type: 'other', phase: 'delivery', text: `Left at the side door of ${p.home.street}.` });
    await sign(a.id, 'consignee', p.name);
    expect((await json('GET', `/v1/shipments/${a.id}`)).status).toBe('delivered');
    return [a.id, b.id];
  }

  beforeAll(async () => {
    // Its own database on PostgreSQL: the job loop that makes the export claims jobs of any organisation.
    t = await buildTestApp(backend, { ownDatabase: true, env: { RATE_LIMIT_REQUESTS: '1000000' } });
    tenant = await t.newTenant();
    ctx = { ...t.runtime.services, organizationId: tenant.organizationId, mode: 'test', requestId: 'req_test' };
    t.resolver.set('hooks.erasure-test.eu', ['93.184.215.14']);
    await json('POST', '/v1/webhook-endpoints', { url: 'https://hooks.erasure-test.eu/fds', events: ['*'] });
    for (const [kind, person] of Object.entries(PEOPLE)) shipmentsOf[kind] = await shipmentsFor(person);
  }, 180_000);
  afterAll(() => t?.close());

  it('leaves none of their values in any API read, the eFTI dataset (cached before) or a fresh export', async () => {
    const all = Object.values(shipmentsOf).flat();
    const before = await everyRead(all);
    // The reads hold every value before, the eFTI dataset too (and its projection is now cached).
    for (const p of Object.values(PEOPLE)) expect(found(before, valuesOf(p))).toEqual(valuesOf(p));
    const [delivered] = shipmentsOf.email!;
    const efti = (await eftiReads(delivered!)).join('\n');
    expect(found(efti, [PEOPLE.email.name, PEOPLE.email.home.street, PEOPLE.email.home.city])).toHaveLength(3);

    const subjects = { name_address: { name: PEOPLE.name_address.name, address: PEOPLE.name_address.home }, email: { email: PEOPLE.email.email }, phone: { phone: PEOPLE.phone.phone } };
    for (const [kind, subject] of Object.entries(subjects)) {
      const res = await call('POST', PRIVACY_PATHS.erasures, { subject, dry_run: false });
      expect(res.statusCode, res.body).toBe(201);
      const report = res.json();
      // The report names the field paths of the home and its copies, never a value.
      const [a, b] = shipmentsOf[kind]!;
      const fieldsOf = (id: string) => report.locations.find((l: { resource: string; id: string }) => l.resource === 'shipment' && l.id === id)?.fields ?? [];
      expect(fieldsOf(a!), kind).toEqual(expect.arrayContaining(['consignee.name', 'consignee.address.street', 'consignee.address.city', 'consignee.address.postal_code', 'delivery.address.street', 'delivery.address.city', 'delivery.address.postal_code']));
      expect(fieldsOf(b!), kind).toEqual(expect.arrayContaining(['pickup.contact.name', 'pickup.address.street', 'pickup.address.city', 'pickup.address.postal_code', 'pickup.instructions']));
      expect(report.locations.find((l: { resource: string }) => l.resource === 'tour')?.fields, kind).toEqual(['stops[1].reason']);
      expect(found(JSON.stringify(report), valuesOf(PEOPLE[kind as keyof typeof PEOPLE]))).toEqual([]);
      // The sealed documents and the drawn signature stay, under their retention duty.
      expect(report.retained.map((r: { resource: string }) => r.resource)).toContain('document');
    }

    const after = await everyRead(all);
    for (const [kind, p] of Object.entries(PEOPLE)) expect(found(after, searched(p)), kind).toEqual([]);
    expect(found(after, valuesOf(KEPT))).toEqual(valuesOf(KEPT));
    // The country stays (transport rules need it), and every chain still verifies.
    const consignee = (await json('GET', `/v1/shipments/${delivered}`)).consignee;
    expect(consignee).toEqual({ name: '[erased]', address: { street: '[erased]', city: '[erased]', country: 'NL' } });
    for (const id of all) expect(await json('GET', `/v1/shipments/${id}/integrity`)).toMatchObject({ valid: true });

    // A fresh export: every file but the sealed PDFs and the drawn signature images is free of them.
    const api = exportsApi(t, tenant);
    const source = await openExport(await api.downloaded(await api.completed()));
    const files = new Map<string, string>();
    for (const name of source.names()) files.set(name, (await readFile(source, name)).toString('utf8'));
    await source.close();
    const documents = files.get('documents.jsonl')!.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { kind: string; path: string });
    const signatures = files.get('signatures.jsonl')!.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { image_path: string | null });
    const kept = new Set([...documents.filter((d) => SEALED.has(d.kind)).map((d) => d.path), ...signatures.flatMap((s) => (s.image_path ? [s.image_path] : []))]);
    expect([...files.keys()].filter((n) => n.startsWith('documents/') && !kept.has(n))).toEqual([]);
    const exported = [...files].filter(([name]) => !kept.has(name)).map(([, text]) => text).join('\n');
    expect(exported).toContain(delivered);
    for (const [kind, p] of Object.entries(PEOPLE)) expect(found(exported, searched(p)), `export, ${kind}`).toEqual([]);
    expect(found(exported, valuesOf(KEPT))).toEqual(valuesOf(KEPT));
  }, 240_000);
});
