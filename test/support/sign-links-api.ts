/** Calls of the sign-link flow for route tests: request a link, follow it, identify, submit. */
import type { LightMyRequestResponse } from 'fastify';
import { documentsApi } from './documents-api.js';
import type { Tenant, TestApp } from './test-app.js';

let recipients = 0;

export function signLinksApi(t: TestApp, tenant: Tenant) {
  const api = {
    /** A link for `role` sent by e-mail to a recipient of its own; its token read from the outbox (live answers carry no `url`). */
    async link(shipmentId: string, body: { role: string; level?: string; otp_required?: boolean }, key = tenant.testKey): Promise<{ id: string; token: string; level: string }> {
      const recipient = `signer${++recipients}.${Date.now()}@sign.example`;
      const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signature-requests`, headers: t.auth(key), payload: { channel: 'email', recipient, ...body } });
      if (res.statusCode !== 201) throw new Error(`signature request answered ${res.statusCode}: ${res.body}`);
      const message = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', recipient).executeTakeFirstOrThrow();
      return { id: res.json().id, token: /\/sign\/([A-Za-z0-9_-]+)/.exec(message.body)![1]!, level: res.json().level };
    },
    context: (token: string) => t.app.inject({ method: 'GET', url: `/v1/sign/${token}` }),
    identify: (token: string, body: object = { signer_name: 'Sanne de Vries', birth_date: '1984-03-09' }) => t.app.inject({ method: 'POST', url: `/v1/sign/${token}/identification`, payload: body }),
    /** Submits a typed signature of the version the context shows now (or of `shown`). */
    async submit(token: string, extra: object = {}, shown?: { id: string; sha256: string }): Promise<LightMyRequestResponse> {
      const document = shown ?? (await api.context(token)).json().document;
      return t.app.inject({ method: 'POST', url: `/v1/sign/${token}/submit`, payload: { signer_name: 'Sanne de Vries', signature: { type: 'typed' }, document_id: document.id, document_sha256: document.sha256, ...extra } });
    },
    /** The PDF bytes of the version the context shows. */
    async shownPdf(token: string): Promise<Buffer> {
      const { document } = (await api.context(token)).json();
      return (await documentsApi(t, tenant).fetch(document.url)).rawPayload;
    },
    signatures: (shipmentId: string, key = tenant.testKey) => t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/signatures`, headers: t.auth(key) }),
  };
  return api;
}
