/**
 * The invoicing profile: stored per organisation and mode, normalised, replaced whole; each wrong
 * identifier is a finding on its field (VAT shape, IBAN checksum, BIC, EAS scheme and identifier,
 * the registration number of a Dutch or Belgian seller).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { belgianProfile, dutchProfile, invoicesApi } from '../../support/invoices-api.js';
import { expectProblem } from '../../support/problems.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('invoicing profile on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('not_found before the first PUT; then stored normalised, with defaults, per mode', async () => {
    const tenant = await t.newTenant();
    const api = invoicesApi(t, tenant);
    expectProblem(await api.getProfile(), 'not_found');
    const profile = dutchProfile();
    delete profile.payment_terms_days;
    const put = await api.putProfile(profile);
    expect(put.statusCode).toBe(200);
    const expected = { ...profile, iban: 'NL91ABNA0417164300', payment_terms_days: 30, accounting_currency: 'EUR', updated_at: t.clock.now().toISOString() };
    expect(put.json()).toEqual(expected);
    expect((await api.getProfile()).json()).toEqual(expected);
    expectProblem(await api.getProfile(tenant.liveKey), 'not_found');
    expectProblem(await invoicesApi(t, await t.newTenant()).getProfile(), 'not_found');

    const belgian = await api.putProfile(belgianProfile());
    expect(belgian.json()).toMatchObject({ vat_number: 'BE0477472701', registration_number: '0477472701', iban: 'BE68539007547034' });
    expect((await api.getProfile()).json()).not.toHaveProperty('bic');
  });

  it('every wrong identifier is a finding on its field', async () => {
    const api = invoicesApi(t, await t.newTenant());
    const problem = expectProblem(
      await api.putProfile({ ...dutchProfile(), vat_number: 'NL12345', registration_number: 'KvK 123', peppol_endpoint: { scheme: '9999', id: 'x' }, iban: 'NL92ABNA0417164300', bic: 'abn' }),
      'validation_failed',
    );
    // The VAT prefix NL makes the registration a KvK number, which `KvK 123` is not.
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['$.vat_number', '$.registration_number', '$.peppol_endpoint.scheme', '$.iban', '$.bic']);
    const kvk = expectProblem(await api.putProfile({ ...dutchProfile(), registration_number: 'KvK 123' }), 'validation_failed');
    expect(kvk.errors).toEqual([expect.objectContaining({ path: '$.registration_number', code: 'invalid' })]);
  });

  it('endpoint identifiers are checked where the scheme has rules: VAT schemes, the Belgian enterprise number, KvK', async () => {
    const api = invoicesApi(t, await t.newTenant());
    const paths = async (endpoint: object) => expectProblem(await api.putProfile({ ...dutchProfile(), peppol_endpoint: endpoint }), 'validation_failed').errors.map((e: { path: string }) => e.path);
    expect(await paths({ scheme: '9930', id: 'NL856712345B01' })).toEqual(['$.peppol_endpoint.id']);
    expect(await paths({ scheme: '0208', id: '0477472702' })).toEqual(['$.peppol_endpoint.id']);
    expect(await paths({ scheme: '0106', id: '1234' })).toEqual(['$.peppol_endpoint.id']);
    expect((await api.putProfile({ ...dutchProfile(), peppol_endpoint: { scheme: '9944', id: 'NL856712345B01' } })).statusCode).toBe(200);
    const belgianRegistration = expectProblem(await api.putProfile({ ...belgianProfile(), registration_number: '0477472702' }), 'validation_failed');
    expect(belgianRegistration.errors.map((e: { path: string }) => e.path)).toEqual(['$.registration_number']);
  });

  it('reading needs invoice:read, writing invoice:write', async () => {
    const reader = await t.newTenant({ scopes: ['invoice:read'] });
    expectProblem(await invoicesApi(t, reader).putProfile(dutchProfile()), 'insufficient_scope');
    expectProblem(await invoicesApi(t, reader).getProfile(), 'not_found');
    const shipmentsOnly = await t.newTenant({ scopes: ['shipments:read'] });
    expectProblem(await invoicesApi(t, shipmentsOnly).getProfile(), 'insufficient_scope');
    expectProblem(await invoicesApi(t, shipmentsOnly).get('shp_01JD0000000000000000000000'), 'insufficient_scope');
    expectProblem(await invoicesApi(t, reader).issue('shp_01JD0000000000000000000000'), 'insufficient_scope');
  });

  it('the body is checked against its schema: unknown fields and a malformed rate are validation_failed', async () => {
    const api = invoicesApi(t, await t.newTenant());
    expectProblem(await api.putProfile({ ...dutchProfile(), vat_rate: '21%' }), 'validation_failed');
    expectProblem(await api.putProfile({ ...dutchProfile(), colour: 'blue' }), 'validation_failed');
    const withoutName = dutchProfile();
    delete withoutName.legal_name;
    expectProblem(await api.putProfile(withoutName), 'validation_failed');
  });
});
