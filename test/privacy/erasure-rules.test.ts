/**
 * The other ways of naming a data subject (a name with an address, a party reference), the
 * refusals (empty or ambiguous subject, missing scope, bad or unknown erasure id), and the purge of
 * what a retention duty kept once the duty has ended (docs/privacy.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { PRIVACY_PATHS } from '../../src/modules/privacy/privacy.routes.js';
import { purgeRetainedPersonalData } from '../../src/modules/privacy/purge-retained-personal-data.js';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/problems.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { signLinksApi } from '../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const EVA = { name: 'Eva Jansen', address: { street: 'Lindenlaan 12', postal_code: '3581 AB', city: 'Utrecht', country: 'NL' }, reference: 'CUST-77' };

describe.each(backends())('erasure subjects, refusals and retention on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, key = tenant.testKey) =>
    t.app.inject({ method, url, headers: t.auth(key), ...(payload === undefined ? {} : { payload: payload as object }) });
  const erase = (subject: object, dry_run: boolean, key?: string) => call('POST', PRIVACY_PATHS.erasures, { subject, dry_run }, key);
  /** A shipment to Eva at home, as a private consignee; issued, so a sealed note version names her. */
  const toEva = async (): Promise<string> => {
    const body: ShipmentInput = minimalShipment();
    body.consignee = { name: EVA.name, address: { ...EVA.address, coordinates: { lat: 52.08, lng: 5.13 } }, reference: EVA.reference, contact: { phone: '+31655500011' } };
    const res = await call('POST', '/v1/shipments?issue=true', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };

  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  it('finds a private consignee by name and address (spacing and case ignored) and by party reference alike', async () => {
    const id = await toEva();
    const byName = (await erase({ name: ' eva  JANSEN', address: { street: 'lindenlaan 12', postal_code: '3581AB', city: 'UTRECHT', country: 'NL' } }, true)).json();
    const byReference = (await erase({ party_reference: EVA.reference }, true)).json();
    expect(byName.subject_kind).toBe('name_address');
    expect(byName.locations).toEqual(byReference.locations);
    expect(byName.locations.find((l: { id: string }) => l.id === id).fields).toEqual([
      'consignee.name',
      'consignee.contact',
      'consignee.reference',
      'consignee.address.street',
      'consignee.address.city',
      'consignee.address.postal_code',
      'consignee.address.coordinates',
    ]);
    // Another street is another person.
    expect((await erase({ name: EVA.name, address: { ...EVA.address, street: 'Lindenlaan 14' } }, true)).json().locations).toEqual([]);

    const done = await erase({ party_reference: EVA.reference }, false);
    expect(done.statusCode, done.body).toBe(201);
    const consignee = (await call('GET', `/v1/shipments/${id}`)).json().consignee;
    // The country stays: the transport rules need it and it names no one.
    expect(consignee).toEqual({ name: '[erased]', address: { street: '[erased]', city: '[erased]', country: 'NL' } });
    expect((await call('GET', `/v1/shipments/${id}/integrity`)).json().valid).toBe(true);
  });

  it('a namesake is another person: their shipment keeps every value', async () => {
    const withContact = async (email: string) => {
      const body: ShipmentInput = minimalShipment();
      body.consignee!.contact = { name: 'Kees Smit', email };
      const res = await call('POST', '/v1/shipments', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const [ours, namesake] = [await withContact('kees@home.example'), await withContact('kees.smit@works.example')];
    const report = (await erase({ email: 'kees@home.example' }, false)).json();
    expect(report.locations.filter((l: { resource: string }) => l.resource === 'shipment').map((l: { id: string }) => l.id)).toEqual([ours.id]);
    expect((await call('GET', `/v1/shipments/${namesake.id}`)).json()).toEqual(namesake);
  });

  it('revokes a pending console invitation to the address and erases the address from it', async () => {
    const { db } = t.runtime.services;
    const now = new Date();
    const inviter = `usr_01JD${String(Date.now()).slice(-8)}00000000000000`;
    await db.insertInto('users').values({ id: inviter, email: `${inviter}@team.example`, created_at: now, last_sign_in_at: null }).execute();
    const invitation = { organization_id: tenant.organizationId, role: 'viewer' as const, invited_by: inviter, created_at: now, expires_at: new Date(now.getTime() + 86_400_000), accepted_at: null, accepted_by: null, revoked_at: null };
    await db.insertInto('invitations').values({ ...invitation, id: `ivt_${inviter.slice(4)}`, email: 'lotte@home.example', token_hash: `${inviter}-a` }).execute();
    const report = (await erase({ email: 'Lotte@Home.example' }, false)).json();
    expect(report.locations).toEqual([{ resource: 'invitation', id: `ivt_${inviter.slice(4)}`, fields: ['email'], count: 1 }]);
    const row = await db.selectFrom('invitations').select(['email', 'revoked_at']).where('id', '=', `ivt_${inviter.slice(4)}`).executeTakeFirstOrThrow();
    expect(row.email).toBe('[erased]');
    expect(row.revoked_at).not.toBeNull();
  });

  it('keeps the sealed note under its retention duty, and the purge job deletes its bytes once the duty has ended', async () => {
    const id = await toEva();
    const erasure = (await erase({ name: EVA.name, address: EVA.address }, false)).json();
    const note = erasure.retained.find((r: { shipment_id: string; resource: string }) => r.shipment_id === id && r.resource === 'document');
    expect(note.legal_basis).toMatch(/e-CMR Additional Protocol art\. 5.*2:10.*AWR/);
    const { db, objects } = t.runtime.services;
    const row = await db.selectFrom('documents').select(['object_key', 'deleted_at']).where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();

    const dayBefore = new Date(new Date(note.erase_after).getTime() - 86_400_000);
    await purgeRetainedPersonalData({ db, objects, clock: { now: () => dayBefore } });
    expect(await objects.get(row.object_key)).not.toBeNull();

    await purgeRetainedPersonalData({ db, objects, clock: { now: () => new Date(note.erase_after) } });
    expect(await objects.get(row.object_key)).toBeNull();
    const purged = await db.selectFrom('documents').select('deleted_at').where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(purged.deleted_at).not.toBeNull();
    const item = await db.selectFrom('privacy_retained_items').select('purged_at').where('resource_id', '=', note.id).executeTakeFirstOrThrow();
    expect(item.purged_at).not.toBeNull();
    // The freed bytes leave the stored total on the purge's day (and earlier notes of this file, due the same day, too).
    const { size } = await db.selectFrom('documents').select('size').where('id', '=', note.id).executeTakeFirstOrThrow();
    const day = note.erase_after.slice(0, 10);
    const previous = dayBefore.toISOString().slice(0, 10);
    const usage = (await call('GET', `/v1/usage?metric=storage_bytes&date_gte=${previous}&date_lte=${day}`)).json();
    const total = (d: string) => usage.data.find((r: { date: string }) => r.date === d).value as number;
    expect(total(day)).toBeLessThanOrEqual(total(previous) - Number(size));
  });

  it('a qualified signature through a link sent to the subject: identification erased, trust-service evidence kept until the duty ends', async () => {
    const shipment = (await call('POST', '/v1/shipments?issue=true', minimalShipment())).json().id as string;
    const recipient = `qes.${Date.now()}@signer.example`;
    const link = await call('POST', `/v1/shipments/${shipment}/signature-requests`, { role: 'consignor', channel: 'email', recipient, level: 'qes' });
    expect(link.statusCode, link.body).toBe(201);
    const mail = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', recipient).executeTakeFirstOrThrow();
    const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const api = signLinksApi(t, tenant);
    const identified = (await api.identify(token, { signer_name: 'Noor Visser', birth_date: '1990-05-01' })).json();
    const signed = await api.submit(token, { identification_token: identified.identification_token, signer_name: 'Noor Visser' });
    expect(signed.statusCode, signed.body).toBe(201);
    const signatureId = signed.json().id as string;

    const report = (await erase({ email: recipient }, false)).json();
    const fieldsOf = (resource: string) => report.locations.find((l: { resource: string }) => l.resource === resource)?.fields;
    expect(fieldsOf('sign_identification')).toEqual(['signer_name_hash', 'certificate']);
    expect(fieldsOf('signature')).toEqual(expect.arrayContaining(['signer_name']));
    const evidence = report.retained.find((r: { resource: string }) => r.resource === 'signature_evidence');
    expect(evidence).toMatchObject({ id: signatureId, shipment_id: shipment });
    const { db, objects } = t.runtime.services;
    const trust = async () => (await db.selectFrom('signatures').select('trust_signature').where('id', '=', signatureId).executeTakeFirstOrThrow()).trust_signature;
    expect(await trust()).not.toBeNull();
    await purgeRetainedPersonalData({ db, objects, clock: { now: () => new Date(evidence.erase_after) } });
    expect(await trust()).toBeNull();
    expect((await call('GET', `/v1/shipments/${shipment}/integrity`)).json().valid).toBe(true);
  });

  it('validation_failed: an empty subject, a name without an address, two ways at once', async () => {
    for (const [subject, path] of [
      [{}, '$.subject'],
      [{ name: EVA.name }, '$.subject.address'],
      [{ email: 'a@b.example', phone: '+31600000000' }, '$.subject'],
      [{ party_reference: '   ' }, '$.subject.party_reference'],
    ] as const) {
      const res = await erase(subject, true);
      expectProblem(res, 'validation_failed');
      expect(res.json().errors[0].path).toBe(path);
    }
    expectProblem(await erase({ email: 'not an address' }, true), 'validation_failed');
    expectProblem(await call('POST', PRIVACY_PATHS.erasures, { subject: { email: 'a@b.example' } }), 'validation_failed');
  });

  it('insufficient_scope: a key without privacy:manage', async () => {
    const reader = await t.newTenant({ scopes: ['shipments:read'] });
    expectProblem(await erase({ email: 'a@b.example' }, true, reader.testKey), 'insufficient_scope');
    expectProblem(await call('GET', `${PRIVACY_PATHS.erasures}/era_01JD0000000000000000000000`, undefined, reader.testKey), 'insufficient_scope');
  });

  it('invalid_id and not_found on reading an erasure; the live key does not see a sandbox erasure', async () => {
    expectProblem(await call('GET', `${PRIVACY_PATHS.erasures}/shp_01JD0000000000000000000000`), 'invalid_id');
    expectProblem(await call('GET', `${PRIVACY_PATHS.erasures}/era_01JD0000000000000000000000`), 'not_found');
    const done = (await erase({ email: 'nobody@seen.example' }, false)).json();
    expect(done).toMatchObject({ locations: [], retained: [], fields_erased: 0, counts: {} });
    expectProblem(await call('GET', `${PRIVACY_PATHS.erasures}/${done.id}`, undefined, tenant.liveKey), 'not_found');
  });
});
