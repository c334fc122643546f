/**
 * The OLF eCMR adapter against a fake server speaking that API (test/support/fake-olf-ecmr.ts):
 * a note is created with the mapped EcmrModel and read back; a refusal, a provider that is down,
 * one that does not answer in time and one that cannot be reached are told apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { olfEcmrProvider } from '../../src/adapters/ecmr-provider/olf-ecmr.js';
import { ProviderRefused, ProviderUnreachable, type EcmrProvider } from '../../src/ports/ecmr-provider.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { startFakeOlfEcmr, type FakeOlfEcmr } from '../support/fake-olf-ecmr.js';

const note = { shipmentId: 'shp_01JDZQ7V4X8M2N3P5R6S7T8V9W', reference: 'PO-2026-118734', data: fullShipment() as Record<string, unknown> };

describe('olf-ecmr adapter', () => {
  let fake: FakeOlfEcmr;
  let adapter: EcmrProvider;
  beforeAll(async () => {
    fake = await startFakeOlfEcmr();
    adapter = olfEcmrProvider({ baseUrl: fake.url, token: fake.token, groupId: '7', timeoutMs: 300 });
  });
  afterAll(() => fake.close());

  it('creates a note from the shipment and reads its status back', async () => {
    const created = await adapter.createNote(note);
    expect(created).toEqual({ providerRef: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'NEW' });
    const stored = fake.notes.at(-1)!;
    expect(stored.groupId).toBe('7');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/ecmr?groupId=7', authorization: `Bearer ${fake.token}` });
    const c = stored.ecmrConsignment;
    expect(c.referenceIdentificationNumber).toEqual({ value: note.shipmentId });
    expect(c.senderInformation).toMatchObject({ senderNameCompany: 'Havenbedrijf Noordzee Logistics B.V.', senderCity: 'Rotterdam', senderCountryCode: { value: 'NL' } });
    expect(c.consigneeInformation.consigneeCountryCode).toEqual({ value: 'DE' });
    expect(c.itemList.length).toBe(fullShipment().goods!.length);
    expect(c.itemList[0].natureOfTheGoods.transportCargoIdentification).toBe(fullShipment().goods![0]!.description);

    stored.ecmrStatus = 'IN_TRANSPORT';
    expect(await adapter.noteStatus(created.providerRef)).toEqual({ providerRef: created.providerRef, status: 'IN_TRANSPORT' });
  });

  it('a 4xx is a refusal (not retried): a wrong token, a bad request, an unknown note', async () => {
    const wrong = olfEcmrProvider({ baseUrl: fake.url, token: 'not-the-token', groupId: '7', timeoutMs: 300 });
    await expect(wrong.createNote(note)).rejects.toSatisfy((e) => e instanceof ProviderRefused && e.status === 401);
    fake.script.push('refuse');
    await expect(adapter.createNote(note)).rejects.toSatisfy((e) => e instanceof ProviderRefused && e.status === 400);
    await expect(adapter.noteStatus('00000000-0000-4000-8000-000000000000')).rejects.toSatisfy((e) => e instanceof ProviderRefused && e.status === 404);
  });

  it('a 5xx, a timeout or no server is unreachable (retried later)', async () => {
    fake.script.push('down');
    await expect(adapter.createNote(note)).rejects.toBeInstanceOf(ProviderUnreachable);
    fake.script.push('hang');
    const started = Date.now();
    await expect(adapter.createNote(note)).rejects.toBeInstanceOf(ProviderUnreachable);
    expect(Date.now() - started).toBeLessThan(5_000);
    const nowhere = olfEcmrProvider({ baseUrl: 'http://127.0.0.1:9/api', token: 't', groupId: '7', timeoutMs: 300 });
    await expect(nowhere.noteStatus('x')).rejects.toBeInstanceOf(ProviderUnreachable);
  });
});
