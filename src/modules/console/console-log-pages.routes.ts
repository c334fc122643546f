/**
 * The console's reading pages: /console/logs (request logs; keys named by their hints), /console/events (the event feed) and
 * /console/audit-log (rows and the integrity check), each in the sandbox or, when asked with
 * `?mode=live` and cleared, live. Their filters are the modules' list filters.
 */
import { Type, type TProperties } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { IdString } from '../../core/schema-types.js';
import { consolePageContext, consolePageRoute, dropEmptyQueryValues, sendConsolePage } from './console-page.routes.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import { ListAuditLogQuerySchema } from '../audit-log/audit-log.schema.js';
import { checkAuditIntegrity } from '../audit-log/check-audit-integrity.js';
import { listAuditLog } from '../audit-log/list-audit-log.js';
import { eventActorNames } from './event-actor-names.js';
import { ListEventsQuerySchema } from '../events/events.schema.js';
import { getEvent } from '../events/get-event.js';
import { listEvents } from '../events/list-events.js';
import { getRequestLog } from '../request-logs/get-request-log.js';
import { listRequestLogs } from '../request-logs/list-request-logs.js';
import { ListRequestLogsQuerySchema, type ListRequestLogsQuery } from '../request-logs/request-logs.schema.js';
import { filtersOf, pageMode } from './console-page-parts.js';
import { createdWindow, WALL_CLOCK_FILTER } from './filter-window.js';
import { listApiKeys } from '../api-keys/list-api-keys.js';
import { renderAuditLogPage, renderEventPage, renderEventsPage } from './log-pages.js';
import { renderRequestLogPage, renderRequestLogsPage, type KeyHints } from './request-log-pages.js';

/** The page's own query parameters beside a list's filters: the mode and the language. */
const pageProperties = { mode: Type.Optional(Type.String({ maxLength: 10 })), lang: Type.Optional(Type.String({ maxLength: 10 })) };
const pageQuery = (properties: TProperties) => Type.Object({ ...properties, ...pageProperties }, { additionalProperties: false });

/**
 * A list's filters with its created-time window as the member types it (`from`, `to`: wall-clock
 * time in their zone, filter-window.ts) in place of the API's `created_gte` / `created_lt` in UTC.
 */
function withTypedWindow(properties: TProperties): TProperties {
  const kept = Object.entries(properties).filter(([name]) => name !== 'created_gte' && name !== 'created_lt');
  return { ...Object.fromEntries(kept), from: WALL_CLOCK_FILTER, to: WALL_CLOCK_FILTER };
}

const { cursor, action, actor, target } = ListAuditLogQuerySchema.properties;
const AuditPageQuery = pageQuery(withTypedWindow({ cursor, action, actor, target }));
type Query = Record<string, string | undefined> & { mode?: string; cursor?: string };

/** The use case's list query of a page's filters: the typed window read in the member's zone, the cursor of a later page. */
function listQueryOf(filters: Record<string, string | undefined>, cursorOfPage: string | undefined, zone: string) {
  const { from, to, ...rest } = filters;
  return { ...rest, ...(cursorOfPage ? { cursor: cursorOfPage } : {}), ...createdWindow({ from, to }, zone) };
}

/** The hints of the organisation's keys, as the API keys page shows them. */
async function keyHints(runtime: AppRuntime, organizationId: string): Promise<KeyHints> {
  return new Map((await listApiKeys(runtime.services, organizationId)).map((k) => [k.id, k.hint]));
}

/** The page's context, mode and use-case context. */
async function readPage(runtime: AppRuntime, request: FastifyRequest) {
  const page = await consolePageContext(runtime, request);
  const mode = pageMode((request.query as Query).mode, page.organization.live_enabled);
  return { ...page, mode, ctx: consoleTenantContext(runtime, request, mode) };
}

export async function consoleLogPageRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addHook('preValidation', dropEmptyQueryValues);
  const read = consolePageRoute('console:read');

  app.get<{ Querystring: Query }>('/console/logs', { ...read, schema: { hide: true, querystring: pageQuery(withTypedWindow(ListRequestLogsQuerySchema.properties)) } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const filters = filtersOf(request.query);
    const [page, hints] = await Promise.all([
      listRequestLogs(p.ctx, listQueryOf(filters, request.query.cursor, p.zone) as ListRequestLogsQuery),
      keyHints(runtime, p.organization.id),
    ]);
    return sendConsolePage(reply, renderRequestLogsPage({ language: p.language, view: p.view, mode: p.mode, filters, page, onLaterPage: Boolean(request.query.cursor), keyHints: hints }));
  });

  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/console/logs/:id',
    { ...read, schema: { hide: true, params: Type.Object({ id: IdString('request') }), querystring: pageQuery({}) } },
    async (request, reply) => {
      const p = await readPage(runtime, request);
      const [log, hints] = await Promise.all([getRequestLog(p.ctx, request.params.id, runtime.config.docsUrl), keyHints(runtime, p.organization.id)]);
      return sendConsolePage(reply, renderRequestLogPage(p.language, p.view, p.mode, log, hints));
    },
  );

  app.get<{ Querystring: Query }>('/console/events', { ...read, schema: { hide: true, querystring: pageQuery(withTypedWindow(ListEventsQuerySchema.properties)) } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const filters = filtersOf(request.query);
    const page = await listEvents(p.ctx, listQueryOf(filters, request.query.cursor, p.zone));
    return sendConsolePage(reply, renderEventsPage({ language: p.language, view: p.view, mode: p.mode, filters, page, onLaterPage: Boolean(request.query.cursor) }));
  });

  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/console/events/:id',
    { ...read, schema: { hide: true, params: Type.Object({ id: IdString('event') }), querystring: pageQuery({}) } },
    async (request, reply) => {
      const p = await readPage(runtime, request);
      return sendConsolePage(reply, renderEventPage(p.language, p.view, p.mode, await getEvent(p.ctx, request.params.id)));
    },
  );

  app.get<{ Querystring: Query }>('/console/audit-log', { ...read, schema: { hide: true, querystring: AuditPageQuery } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const filters = filtersOf(request.query);
    const [page, integrity] = await Promise.all([listAuditLog(p.ctx, listQueryOf(filters, request.query.cursor, p.zone)), checkAuditIntegrity(p.ctx)]);
    const actors = await eventActorNames(p.ctx, page.data);
    return sendConsolePage(reply, renderAuditLogPage({ language: p.language, view: p.view, mode: p.mode, filters, page, onLaterPage: Boolean(request.query.cursor), integrity, actors }));
  });
}
