/**
 * GET /v1/inspect/{token} and the page keep the integrity verdict, and what they show beside the
 * shipment, between requests (an inspection is a read, docs/inspect.md): checked and read again
 * after a new event, a PDF rewritten in the store, a changed recorded hash, an erasure, and once
 * five minutes old; never hiding a change they key on; and every request still logged as a view.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERDICT_MAX_AGE_MS } from '../../../src/modules/inspect/inspection-integrity.js';
import { PRIVACY_PATHS } from '../../../src/modules/privacy/privacy.routes.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { inspectApi } from '../../support/inspect-api.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('the inspection verdict between requests on $name', (backend) => {
  let t: TestApp;
  let api: ReturnType<typeof inspectApi>;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    api = inspectApi(t);
  });
  afterAll(() => t.close());

  const integrity = async (token: string) => {
    const res = await api.json(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().integrity as { verdict: string; chain: { valid: boolean; events_checked: number }; document: { version: number; sha256_matches: boolean; seal_valid: boolean }; checked_at: string };
  };
  const sign = async (tenant: Tenant, id: string, role: string, signer_name: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name } });
    expect(res.statusCode, res.body).toBe(201);
  };
  const storedNote = async (tenant: Tenant, shipmentId: string) => {
    const notes = (await documentsApi(t, tenant).list(shipmentId)).json().data as { id: string; kind: string; version: number }[];
    const current = notes.filter((n) => n.kind === 'consignment_note').sort((a, b) => b.version - a.version)[0]!;
    const row = await t.runtime.services.db.selectFrom('documents').select(['object_key']).where('id', '=', current.id).executeTakeFirstOrThrow();
    return { id: current.id, key: row.object_key, body: (await t.runtime.services.objects.get(row.object_key))!.body };
  };

  it('an unchanged note keeps its verdict and when it was checked; a new event checks the new chain and version', async () => {
    const tenant = await t.newTenant();
    const { shipment, token } = await api.issued(tenant);
    const first = await integrity(token);
    expect(first).toMatchObject({ verdict: 'intact', document: { version: 1, sha256_matches: true, seal_valid: true } });
    t.clock.advance(60_000);
    expect(await integrity(token)).toEqual(first);

    await sign(tenant, shipment.id, 'consignor', 'Sanne de Vries');
    const after = await integrity(token);
    expect(after).toMatchObject({ verdict: 'intact', document: { version: 2, sha256_matches: true, seal_valid: true } });
    expect(after.chain.events_checked).toBe((await shipmentsApi(t, tenant).integrity(shipment.id)).json().events_checked);
    expect(after.chain.events_checked).toBeGreaterThan(first.chain.events_checked);
    expect(after.checked_at).toBe(t.clock.now().toISOString());
  });

  it('a kept intact verdict does not hide a PDF rewritten in the store, nor a recorded hash made to match it', async () => {
    const tenant = await t.newTenant();
    const { shipment, token } = await api.issued(tenant);
    expect((await integrity(token)).verdict).toBe('intact');
    const note = await storedNote(tenant, shipment.id);
    const tampered = Buffer.from(note.body);
    const at = tampered.indexOf('stream', 2000, 'latin1') + 20;
    tampered[at] = tampered[at]! ^ 0x01;
    await t.runtime.services.objects.put(note.key, tampered, { contentType: 'application/pdf' });
    expect(await integrity(token)).toMatchObject({ verdict: 'broken', chain: { valid: true }, document: { sha256_matches: false, seal_valid: false } });

    await t.runtime.services.db.updateTable('documents').set({ sha256: createHash('sha256').update(tampered).digest('hex') }).where('id', '=', note.id).execute();
    expect(await integrity(token)).toMatchObject({ verdict: 'broken', document: { sha256_matches: true, seal_valid: false } });
    // The page reads the same verdict.
    expect((await api.page(token)).body).toContain('data-verdict="broken"');

    await t.runtime.services.objects.put(note.key, note.body, { contentType: 'application/pdf' });
    expect(await integrity(token)).toMatchObject({ verdict: 'broken', document: { sha256_matches: false, seal_valid: true } });
  });

  it('an erasure in the organisation checks again: the note stays intact, checked after it', async () => {
    const tenant = await t.newTenant();
    const { token } = await api.issued(tenant);
    const before = await integrity(token);
    t.clock.advance(60_000);
    const erased = await t.app.inject({ method: 'POST', url: PRIVACY_PATHS.erasures, headers: t.auth(tenant.testKey), payload: { subject: { email: 'wareneingang@rheinstahl.example' }, dry_run: false } });
    expect(erased.statusCode, erased.body).toBe(201);
    const res = await api.json(token);
    expect(JSON.stringify(res.json().note.data)).not.toContain('wareneingang@rheinstahl.example');
    expect(res.json().integrity).toMatchObject({ verdict: 'intact', chain: { valid: true, events_checked: before.chain.events_checked } });
    expect(res.json().integrity.checked_at).toBe(t.clock.now().toISOString());
  });

  it('a row edited behind the service, which leaves the head as it was, shows once the kept verdict is five minutes old', async () => {
    const tenant = await t.newTenant();
    const { shipment, token } = await api.issued(tenant);
    expect((await integrity(token)).verdict).toBe('intact');
    await t.runtime.services.db.updateTable('shipment_events').set({ data: JSON.stringify({ shipment_id: shipment.id, status: 'issued', seq: 2, forged: true }) }).where('shipment_id', '=', shipment.id).where('seq', '=', 2).execute();
    t.clock.advance(VERDICT_MAX_AGE_MS);
    expect(await integrity(token)).toMatchObject({ verdict: 'broken', chain: { valid: false, first_bad_seq: 2 } });
  });

  it('a signature shows at the next inspection; an erasure takes the signer\'s name out of what was kept', async () => {
    const tenant = await t.newTenant();
    const { shipment, token } = await api.issued(tenant);
    const signers = async () => {
      const res = await api.json(token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().signatures as { role: string; signer_name: string }[]).map((s) => `${s.role} ${s.signer_name}`);
    };
    expect(await signers()).toEqual([]);
    await sign(tenant, shipment.id, 'consignor', 'Sanne de Vries');
    expect(await signers()).toEqual(['consignor Sanne de Vries']);
    await sign(tenant, shipment.id, 'carrier', 'Pieter Jansen');
    await sign(tenant, shipment.id, 'consignee', 'Jonas Becker');
    expect(await signers()).toEqual(['consignor Sanne de Vries', 'carrier Pieter Jansen', 'consignee Jonas Becker']);
    expect((await api.page(token)).body).toContain('Jonas Becker');

    const erased = await t.app.inject({ method: 'POST', url: PRIVACY_PATHS.erasures, headers: t.auth(tenant.testKey), payload: { subject: { email: 'wareneingang@rheinstahl.example' }, dry_run: false } });
    expect(erased.statusCode, erased.body).toBe(201);
    const after = await signers();
    expect(after.slice(0, 2)).toEqual(['consignor Sanne de Vries', 'carrier Pieter Jansen']);
    expect(after.join('\n')).not.toContain('Jonas Becker');
    expect((await api.page(token)).body).not.toContain('Jonas Becker');
    // Three signatures each render a sealed version.
  }, 120_000);

  it('every request is a view, kept verdict or not', async () => {
    const tenant = await t.newTenant();
    const { shipment, token } = await api.issued(tenant);
    for (let i = 0; i < 3; i++) expect((await api.json(token)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await api.page(token)).statusCode).toBe(200);
    const views = (await api.views(tenant, shipment.id, '?limit=100&order=asc')).json().data as { channel: string; outcome: string }[];
    expect(views.map((v) => `${v.channel} ${v.outcome}`)).toEqual(['json ok', 'json ok', 'json ok', 'page ok', 'page ok']);
  });
});
