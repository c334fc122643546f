/**
 * The console's webhook pages: /console/webhooks (endpoints; create, edit, delete, rotate, ping)
 * and /console/webhooks/deliveries (the log, one delivery, retry: now for a pending delivery, as a
 * replay for any other). Every act goes through the
 * webhooks module's use cases, which also record it in the audit log with the user as actor.
 */
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { isAppError } from '../../core/errors.js';
import { consoleFormScope, consolePageContext, consolePageRoute, dropEmptyQueryValues, formValue, sendConsolePage, type FormBody } from './console-page.routes.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import { roleMay } from '../console-auth/member-permissions.js';
import { retryDeliveryNow } from '../webhooks/attempt-delivery-now.js';
import { createWebhookEndpoint } from '../webhooks/create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from '../webhooks/delete-webhook-endpoint.js';
import { getWebhookDelivery } from '../webhooks/get-webhook-delivery.js';
import { getWebhookEndpoint } from '../webhooks/get-webhook-endpoint.js';
import { listWebhookDeliveries } from '../webhooks/list-webhook-deliveries.js';
import { listWebhookEndpoints } from '../webhooks/list-webhook-endpoints.js';
import { rotateWebhookSecret } from '../webhooks/rotate-webhook-secret.js';
import { sendTestPing } from '../webhooks/send-test-ping.js';
import { updateWebhookEndpoint } from '../webhooks/update-webhook-endpoint.js';
import { ListWebhookDeliveriesQuerySchema, WebhookDeliveryParamsSchema, type ListWebhookDeliveriesQuery } from '../webhooks/webhook-delivery.schema.js';
import { CreateWebhookEndpointSchema, UpdateWebhookEndpointSchema, WebhookEndpointParamsSchema } from '../webhooks/webhook-endpoint.schema.js';
import { filtersOf, hrefWith, pageMode } from './console-page-parts.js';
import {
  pingNotice,
  renderDeleteEndpointPage,
  renderDeliveriesPage,
  renderDeliveryPage,
  renderEndpointPage,
  renderWebhooksPage,
  WEBHOOK_DONE,
  webhookDoneText,
  type EndpointFormValues,
  type WebhookDone,
} from './webhook-pages.js';

const pageProperties = { mode: Type.Optional(Type.String({ maxLength: 10 })), lang: Type.Optional(Type.String({ maxLength: 10 })), done: Type.Optional(Type.String({ maxLength: 20 })) };
const PageQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 1000 })), ...pageProperties }, { additionalProperties: false });
const { endpoint_id, status, event_type, cursor } = ListWebhookDeliveriesQuerySchema.properties;
const DeliveriesQuery = Type.Object({ endpoint_id, status, event_type, cursor, ...pageProperties }, { additionalProperties: false });
type Query = { mode?: string; cursor?: string; done?: string; lang?: string };
type DeliveryFilters = Pick<ListWebhookDeliveriesQuery, 'endpoint_id' | 'status' | 'event_type'>;

/** The endpoints a delivery filter can name (an organisation has a few). */
const ENDPOINTS_IN_FILTER = 100;

/** The form's fields as the API's bodies have them: events split on spaces and commas. */
function endpointInput(body: FormBody): EndpointFormValues & { url: string; eventList: string[] } {
  const events = formValue(body, 'events') ?? '';
  return { url: (formValue(body, 'url') ?? '').trim(), events, description: (formValue(body, 'description') ?? '').trim(), active: formValue(body, 'active') === '1', eventList: events.split(/[\s,]+/).filter(Boolean) };
}

/** What the API's schema says of a body, in one line (the console has no per-field finding list). */
function schemaComplaint(schema: Parameters<typeof Value.Check>[0], value: unknown): string | undefined {
  if (Value.Check(schema, value)) return undefined;
  const first = [...Value.Errors(schema, value)][0];
  return first ? `${first.path.replace(/^\//, '') || 'form'}: ${first.message}` : 'The form is not valid.';
}

/** A refused act's words: the detail and each finding. */
function refusal(error: { message: string; errors: { message: string }[] }): string {
  return [error.message, ...error.errors.map((f) => f.message)].join(' ');
}

export async function consoleWebhookPageRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  const allowPrivate = runtime.config.webhooks.allowPrivateTargets;
  const read = consolePageRoute('console:read');
  const manage = consolePageRoute('webhooks:manage');

  /** The page's context, its mode (from the query, or a form's hidden field) and the use-case context. */
  async function readPage(request: FastifyRequest) {
    const page = await consolePageContext(runtime, request);
    const asked = request.method === 'GET' ? (request.query as Query).mode : formValue((request.body ?? {}) as FormBody, 'mode');
    const mode = pageMode(asked, page.organization.live_enabled);
    return { ...page, mode, ctx: consoleTenantContext(runtime, request, mode), base: { language: page.language, view: page.view, mode, mayManage: roleMay(page.session.role, 'webhooks:manage') } };
  }
  const doneNotice = (language: Parameters<typeof webhookDoneText>[0], done: string | undefined) =>
    WEBHOOK_DONE.includes(done as WebhookDone) ? { text: webhookDoneText(language, done as WebhookDone) } : undefined;
  const seeOther = (reply: FastifyReply, path: string, params: Record<string, string | undefined>) => reply.header('cache-control', 'no-store').redirect(hrefWith(path, params), 303);

  await consoleFormScope(app, (scope) => {
    scope.addHook('preValidation', dropEmptyQueryValues);

    scope.get<{ Querystring: Query }>('/console/webhooks', { ...read, schema: { hide: true, querystring: PageQuery } }, async (request, reply) => {
      const p = await readPage(request);
      const page = await listWebhookEndpoints(p.ctx, { ...(request.query.cursor ? { cursor: request.query.cursor } : {}) });
      return sendConsolePage(reply, renderWebhooksPage({ ...p.base, notice: doneNotice(p.language, request.query.done), page, onLaterPage: Boolean(request.query.cursor) }));
    });

    scope.post<{ Body: FormBody }>('/console/webhooks', manage, async (request, reply) => {
      const p = await readPage(request);
      const form = endpointInput(request.body);
      const input = { url: form.url, events: form.eventList, ...(form.description ? { description: form.description } : {}) };
      const again = async (text: string, status: number) => {
        const page = await listWebhookEndpoints(p.ctx, {});
        return sendConsolePage(reply, renderWebhooksPage({ ...p.base, notice: { text, error: true }, page, onLaterPage: false, form }), status);
      };
      const complaint = schemaComplaint(CreateWebhookEndpointSchema, input);
      if (complaint) return again(complaint, 422);
      try {
        const created = await createWebhookEndpoint(p.ctx, input, allowPrivate);
        // The answer shows the secret this once: no redirect, never cached.
        return sendConsolePage(reply, renderEndpointPage({ ...p.base, notice: { text: webhookDoneText(p.language, 'created') }, endpoint: created, secret: created.secret }), 201);
      } catch (error) {
        if (isAppError(error) && error.status < 500 && error.code !== 'forbidden') return again(refusal(error), error.status);
        throw error;
      }
    });

    scope.get<{ Querystring: DeliveryFilters & Query }>('/console/webhooks/deliveries', { ...read, schema: { hide: true, querystring: DeliveriesQuery } }, async (request, reply) => {
      const p = await readPage(request);
      const filters = filtersOf(request.query);
      const at = request.query.cursor;
      const [page, endpoints] = await Promise.all([listWebhookDeliveries(p.ctx, { ...filters, ...(at ? { cursor: at } : {}) }), listWebhookEndpoints(p.ctx, { limit: ENDPOINTS_IN_FILTER })]);
      return sendConsolePage(reply, renderDeliveriesPage({ ...p.base, endpoints: endpoints.data, filters, page, onLaterPage: Boolean(at) }));
    });

    const deliveryOptions = (options: typeof read) => ({ ...options, schema: { hide: true, params: WebhookDeliveryParamsSchema } });
    const endpointOptions = (options: typeof read) => ({ ...options, schema: { hide: true, params: WebhookEndpointParamsSchema } });

    async function deliveryPage(request: FastifyRequest, reply: FastifyReply, p: Awaited<ReturnType<typeof readPage>>, delivery: Awaited<ReturnType<typeof getWebhookDelivery>>, notice: { text: string; error?: boolean } | undefined, status = 200) {
      const endpoint = await getWebhookEndpoint(p.ctx, delivery.endpoint_id).catch(() => undefined);
      return sendConsolePage(reply, renderDeliveryPage({ ...p.base, notice, delivery, ...(endpoint ? { endpointUrl: endpoint.url } : {}) }), status);
    }

    scope.get<{ Params: { id: string }; Querystring: Query }>('/console/webhooks/deliveries/:id', deliveryOptions(read), async (request, reply) => {
      const p = await readPage(request);
      return deliveryPage(request, reply, p, await getWebhookDelivery(p.ctx, request.params.id), doneNotice(p.language, request.query.done));
    });

    scope.post<{ Params: { id: string }; Body: FormBody }>('/console/webhooks/deliveries/:id/retry', deliveryOptions(manage), async (request, reply) => {
      const p = await readPage(request);
      try {
        const { delivery, replayed } = await retryDeliveryNow(p.ctx, request.params.id);
        return seeOther(reply, `/console/webhooks/deliveries/${delivery.id}`, { mode: p.mode, done: replayed ? 'retried' : 'attempting' });
      } catch (error) {
        if (!isAppError(error) || error.code !== 'conflict') throw error;
        return deliveryPage(request, reply, p, await getWebhookDelivery(p.ctx, request.params.id), { text: refusal(error), error: true }, error.status);
      }
    });

    scope.get<{ Params: { id: string }; Querystring: Query }>('/console/webhooks/:id', endpointOptions(read), async (request, reply) => {
      const p = await readPage(request);
      return sendConsolePage(reply, renderEndpointPage({ ...p.base, notice: doneNotice(p.language, request.query.done), endpoint: await getWebhookEndpoint(p.ctx, request.params.id) }));
    });

    scope.post<{ Params: { id: string }; Body: FormBody }>('/console/webhooks/:id', endpointOptions(manage), async (request, reply) => {
      const p = await readPage(request);
      const form = endpointInput(request.body);
      const input = { url: form.url, events: form.eventList, description: form.description || null, active: form.active ?? false };
      const again = async (text: string, status: number) =>
        sendConsolePage(reply, renderEndpointPage({ ...p.base, notice: { text, error: true }, endpoint: await getWebhookEndpoint(p.ctx, request.params.id), form }), status);
      const complaint = schemaComplaint(UpdateWebhookEndpointSchema, input);
      if (complaint) return again(complaint, 422);
      try {
        await updateWebhookEndpoint(p.ctx, request.params.id, input, allowPrivate);
      } catch (error) {
        if (isAppError(error) && error.code === 'validation_failed') return again(refusal(error), error.status);
        throw error;
      }
      return seeOther(reply, `/console/webhooks/${request.params.id}`, { mode: p.mode, done: 'updated' });
    });

    scope.get<{ Params: { id: string }; Querystring: Query }>('/console/webhooks/:id/delete', endpointOptions(manage), async (request, reply) => {
      const p = await readPage(request);
      return sendConsolePage(reply, renderDeleteEndpointPage({ ...p.base, endpoint: await getWebhookEndpoint(p.ctx, request.params.id) }));
    });

    scope.post<{ Params: { id: string }; Body: FormBody }>('/console/webhooks/:id/delete', endpointOptions(manage), async (request, reply) => {
      const p = await readPage(request);
      await deleteWebhookEndpoint(p.ctx, request.params.id);
      return seeOther(reply, '/console/webhooks', { mode: p.mode, done: 'deleted' });
    });

    scope.post<{ Params: { id: string }; Body: FormBody }>('/console/webhooks/:id/rotate', endpointOptions(manage), async (request, reply) => {
      const p = await readPage(request);
      const rotated = await rotateWebhookSecret(p.ctx, request.params.id);
      return sendConsolePage(reply, renderEndpointPage({ ...p.base, notice: { text: webhookDoneText(p.language, 'rotated') }, endpoint: rotated, secret: rotated.secret }));
    });

    scope.post<{ Params: { id: string }; Body: FormBody }>('/console/webhooks/:id/ping', endpointOptions(manage), async (request, reply) => {
      const p = await readPage(request);
      const delivery = await sendTestPing(p.ctx, request.params.id);
      return deliveryPage(request, reply, p, delivery, pingNotice(p.language, delivery));
    });
  });
}
