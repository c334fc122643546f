/**
 * The console's acts on shipments through app.inject: a member creates a shipment from the form
 * (the validator's findings beside their fields, what was typed kept, in the page's language),
 * edits a draft, issues, cancels, sends, resends and revokes sign links and issues the invoice; the
 * shipment's timeline names who caused each event (an API key, the member, a signer's sign link).
 * Each act is the API's (the shipment reads the same through the API) and is in the audit log with
 * the member as actor; a viewer is refused every act, a developer the invoice; a status that does
 * not allow the act comes back as a notice on the page the member came from; another
 * organisation's shipment is 404; a form from another origin or without one is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders, memberSessionHeaders } from '../support/console-session.js';
import { deliveredShipment, dutchDomestic, dutchProfile } from '../support/invoices-api.js';
import { signLinksApi } from '../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

type Session = { cookie: string; origin: string };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The new-shipment form as a dispatcher fills it: Amsterdam → Utrecht, one goods line. */
function filledForm(): Record<string, string> {
  return {
    reference: 'CONSOLE-001',
    'consignor.name': 'Sender B.V.', 'consignor.address.street': 'Kade 1', 'consignor.address.postal_code': '1011 AA', 'consignor.address.city': 'Amsterdam', 'consignor.address.country': 'nl',
    'consignor.contact.email': 'planning@sender.example',
    'consignee.name': 'Receiver B.V.', 'consignee.address.street': 'Markt 2', 'consignee.address.postal_code': '3511 AA', 'consignee.address.city': 'Utrecht', 'consignee.address.country': 'NL',
    'carrier.name': 'Carrier B.V.', 'carrier.address.street': 'Weg 3', 'carrier.address.postal_code': '5911 AA', 'carrier.address.city': 'Venlo', 'carrier.address.country': 'NL',
    'pickup.address.street': 'Kade 1', 'pickup.address.city': 'Amsterdam', 'pickup.address.country': 'NL', 'pickup.window.from': '2026-12-01T08:00',
    'delivery.address.street': 'Markt 2', 'delivery.address.city': 'Utrecht', 'delivery.address.country': 'NL',
    'goods[0].description': 'Books', 'goods[0].quantity': '2', 'goods[0].package_type': 'box', 'goods[0].gross_weight_kg': '30,5',
    'driver.name': 'Piet Rijder', 'driver.email': 'piet@carrier.example',
  };
}

describe.each(backends())('console shipment acts on $name', (backend) => {
  let t: TestApp;
  let owner: Session;
  let tenant: Pick<Tenant, 'testKey'>;
  let organizationId: string;
  let viewer: Session;
  let developer: Session;
  let ownerEmail: string;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const email = `owner-${randomUUID()}@transport.example`;
    ownerEmail = email;
    owner = await consoleSessionHeaders(t, email);
    organizationId = (await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: owner.cookie } })).json().organization.id;
    const ownerId = (await t.runtime.services.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    viewer = await memberSessionHeaders(t, organizationId, ownerId, 'viewer');
    developer = await memberSessionHeaders(t, organizationId, ownerId, 'developer');
    const key = await post('/console/api-keys', { key_mode: 'test' });
    tenant = { testKey: /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(key.body)![1]! };
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, session: Session = owner) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  function post(url: string, fields: Record<string, string>, session: Session = owner, origin: string | null = session.origin) {
    return t.app.inject({ method: 'POST', url, headers: { cookie: session.cookie, ...(origin ? { origin } : {}), 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields) });
  }
  const api = (id: string) => t.app.inject({ method: 'GET', url: `/v1/shipments/${id}`, headers: t.auth(tenant.testKey) }).then((r) => r.json());
  async function audit(action: string, targetId: string) {
    const res = await t.app.inject({ method: 'GET', url: `/v1/audit-log?action=${action}`, headers: { cookie: owner.cookie } });
    return (res.json().data as { target: { id: string }; actor: { type: string; id?: string } }[]).filter((row) => row.target.id === targetId);
  }
  async function draft(fields: Record<string, string> = {}): Promise<string> {
    const res = await post('/console/shipments', { ...filledForm(), ...fields });
    expect(res.statusCode, res.body).toBe(303);
    return /\/console\/shipments\/(shp_[0-9A-Z]+)/.exec(res.headers.location as string)![1]!;
  }
  async function issued(fields: Record<string, string> = {}): Promise<string> {
    const id = await draft(fields);
    expect((await post(`/console/shipments/${id}/issue`, { confirmed: '1' })).statusCode).toBe(303);
    return id;
  }
  const outcome = (res: { headers: Record<string, unknown> }) => Object.fromEntries(new URL(res.headers.location as string, 'http://x').searchParams);

  describe('create', () => {
    it('shows the form with its script; the validator finds beside the field and keeps what was typed; nl speaks Dutch', async () => {
      const page = await get('/console/shipments/new');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).toContain('<script src="/console/assets/shipment-form.js" defer>');
      const script = await t.app.inject({ method: 'GET', url: '/console/assets/shipment-form.js' });
      expect(script.headers['content-type']).toContain('text/javascript');

      const wrong = await post('/console/shipments?lang=nl', { ...filledForm(), 'consignee.address.city': '', 'goods[0].quantity': 'twee' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toMatch(/id="f-consignee-address-city"[^>]*aria-invalid="true"/);
      expect(wrong.body).toMatch(/id="f-consignee-address-city-finding"[^>]*>Het veld [^<]*city[^<]* is verplicht\.</);
      expect(wrong.body).toMatch(/id="f-goods-0-quantity-finding"[^>]*>Moet van het type integer zijn\.</);
      expect(wrong.body).toContain('value="twee"');
      expect(wrong.body).toContain('value="Sender B.V."');
    });

    it('creates a draft the API reads the same, sends the member to its page and writes the audit entry', async () => {
      const res = await post('/console/shipments', filledForm());
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(/^\/console\/shipments\/shp_[0-9A-Z]{26}\?lang=en&done=created$/);
      const id = /shp_[0-9A-Z]{26}/.exec(res.headers.location as string)![0];
      const stored = await api(id);
      expect(stored).toMatchObject({ status: 'draft', reference: 'CONSOLE-001', consignor: { address: { country: 'NL' } }, pickup: { window: { from: '2026-12-01T08:00:00Z' } } });
      expect(stored.goods).toEqual([{ description: 'Books', quantity: 2, package_type: 'box', gross_weight_kg: 30.5 }]);
      const [entry] = await audit('shipment.created', id);
      expect(entry?.actor.type).toBe('user');
    });

    it('answers the dry run of the form as it stands, placed by field', async () => {
      const res = await post('/console/shipments/validate', { ...filledForm(), 'consignor.address.country': 'Nederland' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.valid).toBe(false);
      expect(body.fields['consignor.address.country'].errors.length).toBeGreaterThan(0);
      expect(body.fields['consignor.name']).toBeUndefined();
    });
  });

  describe('edit', () => {
    it('saves a draft as a merge patch: emptied fields go, fields the form does not hold stay', async () => {
      const id = await draft();
      await t.app.inject({ method: 'PATCH', url: `/v1/shipments/${id}`, headers: t.auth(tenant.testKey), payload: { special_agreements: 'Keep dry' } });
      const page = await get(`/console/shipments/${id}/edit`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('value="CONSOLE-001"');
      const res = await post(`/console/shipments/${id}/edit`, { ...filledForm(), reference: 'CONSOLE-002', 'driver.email': '' });
      expect(res.statusCode, res.body).toBe(303);
      expect(outcome(res).done).toBe('updated');
      const stored = await api(id);
      expect(stored).toMatchObject({ reference: 'CONSOLE-002', special_agreements: 'Keep dry', driver: { name: 'Piet Rijder' } });
      expect(stored.driver.email).toBeUndefined();
      expect(await audit('shipment.updated', id)).toHaveLength(1);
      const invalid = await post(`/console/shipments/${id}/edit`, { ...filledForm(), 'goods[0].description': '' });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.body).toMatch(/id="f-goods-0-description-finding"[^>]*>[^<]+</);
    });
  });

  describe('times', () => {
    it("are typed and shown on the wall clock of the member's zone, which the form names; saving unchanged times changes nothing", async () => {
      const email = `planner-${randomUUID()}@transport.example`;
      const planner = await consoleSessionHeaders(t, email);
      const kept = await t.app.inject({ method: 'PUT', url: '/v1/auth/preferences', headers: { cookie: planner.cookie, origin: planner.origin }, payload: { language: null, time_zone: 'Europe/Amsterdam' } });
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await get('/console/shipments/new', planner)).body).toContain('(Europe/Amsterdam)');
      const created = await post('/console/shipments', { ...filledForm(), 'delivery.window.from': '2027-07-01T17:30' }, planner);
      expect(created.statusCode, created.body).toBe(303);
      const id = /shp_[0-9A-Z]{26}/.exec(created.headers.location as string)![0];
      type Stop = { window: { from: string } };
      const windows = async () => {
        const { data } = await t.runtime.services.db.selectFrom('shipments').select('data').where('id', '=', id).executeTakeFirstOrThrow();
        const { pickup, delivery } = data as { pickup: Stop; delivery: Stop };
        return [pickup.window.from, delivery.window.from];
      };
      // 08:00 in Amsterdam in December is 07:00 UTC; 17:30 in July is 15:30 UTC.
      expect(await windows()).toEqual(['2026-12-01T08:00:00+01:00', '2027-07-01T17:30:00+02:00']);
      expect((await windows()).map((w) => new Date(w).toISOString())).toEqual(['2026-12-01T07:00:00.000Z', '2027-07-01T15:30:00.000Z']);

      const edit = await get(`/console/shipments/${id}/edit`, planner);
      expect(edit.body).toContain('value="2026-12-01T08:00"');
      expect(edit.body).toContain('value="2027-07-01T17:30"');
      const saved = await post(`/console/shipments/${id}/edit`, { ...filledForm(), 'delivery.window.from': '2027-07-01T17:30', reference: 'CONSOLE-TZ' }, planner);
      expect(saved.statusCode, saved.body).toBe(303);
      expect(await windows()).toEqual(['2026-12-01T08:00:00+01:00', '2027-07-01T17:30:00+02:00']);
      // A member who chose no zone types in UTC, and the form says so.
      expect((await get('/console/shipments/new')).body).toContain('(UTC)');
    });
  });

  // Issuing renders and seals the consignment note: room for a busy machine.
  describe('issue and cancel', { timeout: 90_000 }, () => {
    it('asks first, then issues; the second issue comes back as a notice on the page the member came from', async () => {
      const id = await draft();
      const back = `/console/shipments/${id}/edit`;
      const ask = await post(`/console/shipments/${id}/issue`, { return_to: back });
      expect(ask.statusCode).toBe(200);
      expect(ask.body).toContain('Issue this shipment?');
      expect((await api(id)).status).toBe('draft');
      const done = await post(`/console/shipments/${id}/issue`, { return_to: back, confirmed: '1' });
      expect(done.headers.location).toBe(`${back}?done=issued`);
      expect((await api(id)).status).toBe('issued');
      expect(await audit('shipment.issued', id)).toHaveLength(1);
      const again = await post(`/console/shipments/${id}/issue`, { return_to: back, confirmed: '1' });
      expect(again.statusCode).toBe(303);
      expect(outcome(again)).toEqual({ act_error: 'invalid_transition', act: 'issue' });
      const notice = await get(again.headers.location as string);
      expect(notice.body).toMatch(/class="notice error" role="alert">Issue did not go through: Invalid transition\./);
    });

    it('cancels with a reason; cancelling again is refused on the page', async () => {
      const id = await draft();
      const res = await post(`/console/shipments/${id}/cancel`, { confirmed: '1', reason: 'Customer called it off' });
      expect(outcome(res).done).toBe('cancelled');
      expect(await api(id)).toMatchObject({ status: 'cancelled', cancellation_reason: 'Customer called it off' });
      expect(await audit('shipment.cancelled', id)).toHaveLength(1);
      expect(outcome(await post(`/console/shipments/${id}/cancel`, { confirmed: '1' }))).toEqual({ act_error: 'invalid_transition', act: 'cancel' });
    });
  });

  describe('sign links', { timeout: 90_000 }, () => {
    it('refuses a draft, then sends, resends and (after asking) revokes the consignor\'s link', async () => {
      const draftId = await draft();
      expect(outcome(await post(`/console/shipments/${draftId}/sign-links`, { act: 'send', role: 'consignor', channel: 'email' }))).toEqual({ act_error: 'invalid_state', act: 'sign_link' });
      const id = await issued();
      expect(outcome(await post(`/console/shipments/${id}/sign-links`, { act: 'send', role: 'consignor', channel: 'email' })).done).toBe('sent');
      const [sent] = await audit('signature_request.sent', (await requestsOf(id))[0]!.id);
      expect(sent?.actor.type).toBe('user');
      const first = (await requestsOf(id))[0]!;
      expect(outcome(await post(`/console/shipments/${id}/sign-links`, { act: 'resend', request_id: first.id })).done).toBe('resent');
      const pending = (await requestsOf(id)).find((r) => r.status === 'pending')!;
      expect(await audit('signature_request.resent', pending.id)).toHaveLength(1);
      const ask = await post(`/console/shipments/${id}/sign-links`, { act: 'revoke', request_id: pending.id });
      expect(ask.body).toContain('Revoke this sign link?');
      expect(outcome(await post(`/console/shipments/${id}/sign-links`, { act: 'revoke', request_id: pending.id, confirmed: '1' })).done).toBe('revoked');
      expect(await audit('signature_request.revoked', pending.id)).toHaveLength(1);
      expect(outcome(await post(`/console/shipments/${id}/sign-links`, { act: 'revoke', request_id: pending.id, confirmed: '1' }))).toEqual({ act_error: 'conflict', act: 'sign_link' });
      const page = await get(`/console/shipments/${id}/edit`);
      expect(page.body).toContain('Send sign link');
    });
  });

  /** The timeline's rows as the page shows them: each event's type and who caused it. */
  function timeline(html: string): [type: string, actor: string][] {
    const part = html.slice(html.indexOf('<div id="timeline">'));
    const rows = part.slice(0, part.indexOf('</table>')).split('<tr>').slice(2);
    return rows.map((row) => {
      const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1]!);
      return [/<code[^>]*>([^<]+)<\/code>/.exec(cells[2]!)![1]!, cells[3]!];
    });
  }

  describe('timeline', { timeout: 90_000 }, () => {
    it('names who caused each event: the API key as its list shows it, the member, the signer and the sign link', async () => {
      const created = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(tenant.testKey), payload: dutchDomestic() });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      expect((await post(`/console/shipments/${id}/edit`, filledForm())).statusCode).toBe(303);
      expect((await post(`/console/shipments/${id}/issue`, { confirmed: '1' })).statusCode).toBe(303);
      const carrier = await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'carrier', signer_name: 'Pieter Jansen' } });
      expect(carrier.statusCode, carrier.body).toBe(201);
      const sign = signLinksApi(t, tenant as Tenant);
      const link = await sign.link(id, { role: 'consignor' });
      expect((await sign.submit(link.token)).statusCode).toBe(201);

      const hint = `${tenant.testKey.slice(0, 8)}…${tenant.testKey.slice(-4)}`;
      const page = await get(`/console/shipments/${id}`, viewer);
      expect(page.statusCode, page.body).toBe(200);
      const rows = timeline(page.body);
      expect(rows).toEqual(
        expect.arrayContaining([
          ['shipment.created', `API key ${hint}`],
          ['shipment.updated', ownerEmail],
          ['shipment.issued', ownerEmail],
          ['signature.completed', 'Pieter Jansen (Carrier)'],
          ['signature.completed', 'Sanne de Vries (Consignor)'],
          ['shipment.in_transit', 'Consignor (sign link)'],
        ]),
      );
      // In the member's language, from the same facts.
      const dutch = timeline((await get(`/console/shipments/${id}?lang=nl`, viewer)).body);
      expect(dutch).toEqual(expect.arrayContaining([['shipment.created', `API-sleutel ${hint}`], ['shipment.issued', ownerEmail], ['shipment.in_transit', 'Afzender (ondertekenlink)']]));
    });
  });

  async function requestsOf(shipmentId: string) {
    return t.runtime.services.db.selectFrom('signature_requests').select(['id', 'status']).where('shipment_id', '=', shipmentId).orderBy('created_at').execute();
  }

  describe('invoice', { timeout: 90_000 }, () => {
    it('is refused before delivery, issued once delivered, and only to owners and admins', async () => {
      const id = await issued();
      expect(outcome(await post(`/console/shipments/${id}/invoice`, { confirmed: '1' }))).toEqual({ act_error: 'invoice_not_available', act: 'invoice' });
      expect((await t.app.inject({ method: 'PUT', url: '/v1/invoicing-profile', headers: t.auth(tenant.testKey), payload: dutchProfile() })).statusCode).toBe(200);
      const delivered = await deliveredShipment(t, { ...tenant } as Tenant, dutchDomestic());
      expect((await post(`/console/shipments/${delivered.id}/invoice`, { confirmed: '1' }, developer)).statusCode).toBe(403);
      const res = await post(`/console/shipments/${delivered.id}/invoice`, { confirmed: '1' });
      expect(outcome(res).done).toBe('invoiced');
      const invoice = (await t.app.inject({ method: 'GET', url: `/v1/shipments/${delivered.id}/invoice`, headers: t.auth(tenant.testKey) })).json();
      expect(await audit('invoice.issued', invoice.id)).toHaveLength(1);
    });
  });

  describe('refusals', () => {
    it('a viewer sees no form and is refused every act (403)', async () => {
      const id = await draft();
      expect((await get('/console/shipments/new', viewer)).statusCode).toBe(403);
      expect((await get(`/console/shipments/${id}/edit`, viewer)).statusCode).toBe(403);
      for (const [url, fields] of [
        ['/console/shipments', filledForm()],
        ['/console/shipments/validate', filledForm()],
        [`/console/shipments/${id}/edit`, filledForm()],
        [`/console/shipments/${id}/issue`, { confirmed: '1' }],
        [`/console/shipments/${id}/cancel`, { confirmed: '1' }],
        [`/console/shipments/${id}/sign-links`, { act: 'send', role: 'consignor', channel: 'email' }],
        [`/console/shipments/${id}/invoice`, { confirmed: '1' }],
      ] as const) {
        const res = await post(url, fields, viewer);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
      expect((await api(id)).status).toBe('draft');
    });

    it('a developer may act on shipments', async () => {
      const res = await post('/console/shipments', filledForm(), developer);
      expect(res.statusCode).toBe(303);
    });

    it("another organisation's shipment is 404 for every act", async () => {
      const other = await t.newTenant();
      const created = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(other.testKey), payload: dutchDomestic() });
      const id = created.json().id as string;
      expect((await get(`/console/shipments/${id}/edit`)).statusCode).toBe(404);
      for (const act of ['edit', 'issue', 'cancel', 'sign-links', 'invoice']) {
        const res = await post(`/console/shipments/${id}/${act}`, { ...filledForm(), confirmed: '1', act: 'send', role: 'consignor', channel: 'email' });
        expect(res.statusCode, act).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: `/v1/shipments/${id}`, headers: t.auth(other.testKey) })).json().status).toBe('draft');
    });

    it('refuses a form posted from another origin or without one', async () => {
      const id = await draft();
      expect((await post(`/console/shipments/${id}/issue`, { confirmed: '1' }, owner, 'https://evil.example')).statusCode).toBe(403);
      expect((await post(`/console/shipments/${id}/issue`, { confirmed: '1' }, owner, null)).statusCode).toBe(403);
      expect((await post('/console/shipments', filledForm(), owner, 'https://evil.example')).statusCode).toBe(403);
      expect((await api(id)).status).toBe('draft');
    });
  });
});
