/**
 * The typed client (clients/typescript) against the service listening on a port: one shipment from
 * create to invoice through nothing but the client, as an integrator would write it. The results are
 * the generated types (a wrong field or status value would not compile), problems arrive as typed
 * problem+json or a thrown ProblemError, and the PDFs and the XML are read as bytes.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, isProblem, ProblemError, unwrap, type FreightDocsClient, type Schemas } from '../../clients/typescript/src/index.js';
import { backends } from '../support/backends.js';
import { dutchDomestic, dutchProfile } from '../support/invoices-api.js';
import { listeningTestApp } from '../support/listening-app.js';
import type { TestApp } from '../support/test-app.js';

const sha256 = (bytes: ArrayBuffer | string) => createHash('sha256').update(typeof bytes === 'string' ? bytes : Buffer.from(bytes)).digest('hex');

describe.each(backends())('typed client on $name', (backend) => {
  let t: TestApp & { baseUrl: string };
  let client: FreightDocsClient;
  beforeAll(async () => {
    t = await listeningTestApp(backend);
    const tenant = await t.newTenant();
    client = createClient({ baseUrl: t.baseUrl, apiKey: tenant.testKey });
  });
  afterAll(() => t.close());

  // Five PDFs are rendered and sealed on the way (note versions 1 to 4, the proof of delivery): room for a loaded machine.
  it('create → issue → sign at pickup → sign at delivery → proof of delivery → invoice', { timeout: 90_000 }, async () => {
    const input: Schemas['ShipmentInput'] = dutchDomestic();
    // A typed header parameter of the operation: a retry with the same key replays the first answer.
    const idempotent = { params: { header: { 'Idempotency-Key': 'order-118734' } } };
    const created = await unwrap(client.POST('/v1/shipments', { body: input, ...idempotent }));
    expect(created.id).toMatch(/^shp_/);
    expect(created.status).toBe('draft');
    expectTypeOf(created).toEqualTypeOf<Schemas['Shipment']>();
    expectTypeOf(created.status).toEqualTypeOf<'draft' | 'issued' | 'in_transit' | 'delivered' | 'cancelled'>();
    const replay = await client.POST('/v1/shipments', { body: input, ...idempotent });
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.data?.id).toBe(created.id);

    const path = { id: created.id };
    const issued = await unwrap(client.POST('/v1/shipments/{id}/issue', { params: { path } }));
    expect(issued).toMatchObject({ id: created.id, status: 'issued', transport_type: 'national' });
    expect(issued.issued_at).not.toBeNull();

    // Before delivery the proof is a problem of the operation's own 404 codes.
    const early = await client.GET('/v1/shipments/{id}/pod', { params: { path } });
    expect(early.error?.code).toBe('pod_not_available');
    expect(early.error?.request_id).toBe(early.response.headers.get('request-id'));
    type PodCode = NonNullable<typeof early.error>['code'];
    expectTypeOf<'pod_not_available' | 'not_found' | 'invalid_id'>().toExtend<PodCode>();
    expectTypeOf<'invoice_not_available'>().not.toExtend<PodCode>();

    for (const role of ['consignor', 'carrier'] as const) {
      const signature = await unwrap(client.POST('/v1/shipments/{id}/signatures', { params: { path }, body: { role, signer_name: `${role} signer` } }));
      expect(signature).toMatchObject({ shipment_id: created.id, role, method: 'platform', level: 'platform_auth' });
    }
    expect((await unwrap(client.GET('/v1/shipments/{id}', { params: { path } }))).status).toBe('in_transit');
    await unwrap(client.POST('/v1/shipments/{id}/signatures', { params: { path }, body: { role: 'consignee', signer_name: 'Jonas Becker', location: { lat: 52.09, lng: 5.12 } } }));
    const delivered = await unwrap(client.GET('/v1/shipments/{id}', { params: { path } }));
    expect(delivered.status).toBe('delivered');
    expect(delivered.delivered_at).not.toBeNull();

    const pdf = await unwrap(client.GET('/v1/shipments/{id}/pod', { params: { path }, headers: { Accept: 'application/pdf' }, parseAs: 'arrayBuffer' }));
    expectTypeOf(pdf).toEqualTypeOf<ArrayBuffer>();
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pod = await unwrap(client.GET('/v1/shipments/{id}/pod', { params: { path } }));
    expect(pod).toMatchObject({ shipment_id: created.id, consignee: { signature: { role: 'consignee', signer_name: 'Jonas Becker' } } });
    expect(pod.document_id).toMatch(/^doc_/);
    // The same PDF through a signed download URL, which needs no key.
    const link = await unwrap(client.POST('/v1/documents/{id}/download-url', { params: { path: { id: pod.document_id! } }, body: {} }));
    const downloaded = await fetch(link.url);
    expect(downloaded.status).toBe(200);
    expect(sha256(await downloaded.arrayBuffer())).toBe(sha256(pdf));

    await unwrap(client.PUT('/v1/invoicing-profile', { body: dutchProfile() as Schemas['InvoicingProfileInput'] }));
    const invoice = await unwrap(client.POST('/v1/shipments/{id}/invoice', { params: { path }, body: {} }));
    expect(invoice).toMatchObject({ shipment_id: created.id, number: 'VDB-2026-0001', currency: 'EUR', vat: { category: 'S', rate: '21' } });
    expect(invoice.amounts).toMatchObject({ line_extension: '1234.56', vat: '259.26', payable: '1493.82' });
    const xml = await unwrap(client.GET('/v1/shipments/{id}/invoice', { params: { path }, headers: { Accept: 'application/xml' }, parseAs: 'text' }));
    expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(sha256(xml)).toBe(invoice.document.sha256);
  });

  it('unwrap throws a ProblemError with the code, status, request id and the whole problem; titles follow the language', async () => {
    const shipment = await unwrap(client.POST('/v1/shipments', { body: dutchDomestic() }));
    const error = await unwrap(client.POST('/v1/shipments/{id}/invoice', { params: { path: { id: shipment.id } }, body: {} })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemError);
    expect(isProblem(error, 'invoice_not_available')).toBe(true);
    const problem = error as ProblemError;
    expect(problem).toMatchObject({ status: 404, code: 'invoice_not_available', message: expect.stringContaining('404 invoice_not_available') });
    expect(problem.requestId).toMatch(/^req_/);
    expect(problem.problem).toMatchObject({ errors: [], warnings: [], type: expect.stringContaining('/errors/invoice_not_available') });

    const dutch = createClient({ baseUrl: t.baseUrl, apiKey: (await t.newTenant()).testKey, language: 'nl' });
    const absent = { params: { path: { id: `shp_${'0'.repeat(26)}` } } };
    const english = await client.GET('/v1/shipments/{id}', absent);
    const translated = await dutch.GET('/v1/shipments/{id}', absent);
    expect(english.error?.code).toBe('not_found');
    expect(translated.error?.code).toBe('not_found');
    expect(translated.error?.title).not.toBe(english.error?.title);

    const keyless = createClient({ baseUrl: t.baseUrl });
    await expect(unwrap(keyless.GET('/v1/whoami'))).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
