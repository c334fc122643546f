/**
 * An organisation with every kind of record an export holds: a delivered and
 * invoiced shipment (signatures, note versions, proof of delivery, UBL invoice), an issued one
 * with an attachment, a photo, a remark and a sign link sent by e-mail and signed with a drawn
 * signature, a webhook endpoint and its
 * deliveries, a tour, request logs and the audit log. It also keeps every secret and token the
 * organisation was handed, so a test can grep an export for them, and records that must stay out
 * of it: a live shipment and another organisation's.
 */
import { createHash } from 'node:crypto';
import { invoicesApi, INVOICE_CASES, issueCase } from './invoices-api.js';
import { documentsApi } from './documents-api.js';
import { remarksApi } from './remarks-api.js';
import { jpeg, pdf, png } from './sample-files.js';
import { minimalShipment } from './shipment-fixtures.js';
import { shipmentsApi } from './shipments-api.js';
import { signLinksApi } from './sign-links-api.js';
import type { Tenant, TestApp } from './test-app.js';
import { webhooksApi } from './webhooks-api.js';

export interface ExportFixture {
  tenant: Tenant;
  delivered: string;
  issued: string;
  attachment: { id: string; sha256: string };
  photo: { id: string; sha256: string };
  tourId: string;
  routingRuleId: string;
  erasureId: string;
  /** Secrets, tokens and token hashes that must appear nowhere in the export. */
  secrets: string[];
  /** Tokens that the JSON files must not hold (the inspection token is printed on the note PDF by design). */
  jsonOnlySecrets: string[];
  /** Shipments of another mode and another organisation. */
  liveShipment: string;
  foreignShipment: string;
}

const PUBLIC_ADDRESS = '93.184.215.14';

export async function exportFixture(t: TestApp): Promise<ExportFixture> {
  const tenant = await t.newTenant();
  t.resolver.set('hooks.export-test.eu', [PUBLIC_ADDRESS]);
  const endpoint = await webhooksApi(t, tenant).endpoint({ url: 'https://hooks.export-test.eu/fds', events: ['*'] });
  const { shipmentId: delivered } = await issueCase(t, tenant, INVOICE_CASES.nlDomestic!());
  await invoicesApi(t, tenant).get(delivered);
  const pod = await t.app.inject({ method: 'GET', url: `/v1/shipments/${delivered}/pod`, headers: { ...t.auth(tenant.testKey), accept: 'application/pdf' } });
  if (pod.statusCode !== 200) throw new Error(`pod answered ${pod.statusCode}: ${pod.body}`);
  const shipments = shipmentsApi(t, tenant);
  const issued = (await shipments.created(minimalShipment(), { issue: true })).id;
  const documents = documentsApi(t, tenant);
  const attachment = await documents.uploaded(issued, { kind: 'attachment', filename: 'customs.pdf', contentType: 'application/pdf', bytes: pdf() });
  const photo = await documents.uploaded(issued, { kind: 'photo', filename: 'pallet.jpg', contentType: 'image/jpeg', bytes: jpeg() });
  await remarksApi(t, tenant).created(issued, { phase: 'pickup', type: 'damage', text: 'Dent in the side panel.', photo_document_ids: [photo.id] });
  const links = signLinksApi(t, tenant);
  const link = await links.link(issued, { role: 'consignor' });
  const signed = await links.submit(link.token, { signature: { type: 'drawn', image: `data:image/png;base64,${png(60, [20, 20, 140]).toString('base64')}` } });
  if (signed.statusCode !== 201) throw new Error(`drawn signature answered ${signed.statusCode}: ${signed.body}`);
  const tour = await t.app.inject({
    method: 'POST',
    url: '/v1/tours',
    headers: t.auth(tenant.testKey),
    payload: { name: 'R12 Venlo', date: '2026-12-01', driver: { name: 'Piotr Nowak', phone: '+48601234567' }, stops: [{ shipment_id: issued, kind: 'pickup' }] },
  });
  if (tour.statusCode !== 201) throw new Error(`tour answered ${tour.statusCode}: ${tour.body}`);
  const rule = await t.app.inject({ method: 'POST', url: '/v1/providers/routing-rules', headers: t.auth(tenant.testKey), payload: { name: 'Iceland stays here', match: { to_countries: ['IS'] }, action: 'keep' } });
  if (rule.statusCode !== 201) throw new Error(`routing rule answered ${rule.statusCode}: ${rule.body}`);
  const erasure = await t.app.inject({ method: 'POST', url: '/v1/privacy/erasures', headers: t.auth(tenant.testKey), payload: { subject: { email: 'nobody.here@example.org' }, dry_run: false } });
  if (erasure.statusCode !== 201) throw new Error(`erasure answered ${erasure.statusCode}: ${erasure.body}`);
  const liveShipment = (await shipments.created(minimalShipment(), { key: tenant.liveKey })).id;
  const other = await t.newTenant();
  const foreignShipment = (await shipmentsApi(t, other).created(minimalShipment())).id;
  await t.runtime.requestLogs.flush();

  const db = t.runtime.services.db;
  const inspection = await db.selectFrom('shipments').select('inspection_token').where('organization_id', '=', tenant.organizationId).where('inspection_token', 'is not', null).execute();
  const requests = await db.selectFrom('signature_requests').select(['token_hash', 'recipient_sealed']).where('organization_id', '=', tenant.organizationId).execute();
  const keys = await db.selectFrom('api_keys').selectAll().where('organization_id', '=', tenant.organizationId).execute();
  const keyHashes = keys.flatMap((k) => Object.entries(k).filter(([name]) => /hash|secret/.test(name)).map(([, v]) => String(v)));
  const secrets = [
    endpoint.secret as string,
    link.token,
    createHash('sha256').update(link.token).digest('hex'),
    ...requests.flatMap((r) => [r.token_hash, r.recipient_sealed].filter((v): v is string => typeof v === 'string')),
    tenant.testKey,
    tenant.liveKey,
    ...keyHashes,
  ];
  return {
    tenant,
    delivered,
    issued,
    attachment,
    photo,
    tourId: tour.json().id,
    routingRuleId: rule.json().id,
    erasureId: erasure.json().id,
    secrets,
    jsonOnlySecrets: inspection.map((s) => s.inspection_token!).filter(Boolean),
    liveShipment,
    foreignShipment,
  };
}
