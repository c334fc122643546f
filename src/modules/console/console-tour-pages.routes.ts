/**
 * The console's tour and driver pages: /console/tours (the list; plan a tour at /console/tours/new),
 * /console/tours/{id} (its progress, and /console/tours/{id}/progress, the fragment its script
 * polls) and /console/drivers (driver sessions; revoke one after a confirmation). Every act goes
 * through the tours and driver modules' use cases, which record it in the audit log with the user
 * as actor (`tour.created`, `driver_session.revoked`). Planning and revoking need `tours:manage`.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { isAppError } from '../../core/errors.js';
import { IdString } from '../../core/schema-types.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import { roleMay } from '../console-auth/member-permissions.js';
import { getDriverSession, listDriverSessions, revokeDriverSession } from '../driver/manage-driver-sessions.js';
import { listShipments } from '../shipments/list-shipments.js';
import { createTour } from '../tours/create-tour.js';
import { getTourProgress } from '../tours/get-tour-progress.js';
import { listTours } from '../tours/list-tours.js';
import { consoleFormScope, consolePageContext, consolePageRoute, formValue, formValues, sendConsolePage, type FormBody } from './console-page.routes.js';
import { hrefWith, pageMode } from './console-page-parts.js';
import { apiLanguage } from './console-words.js';
import { renderDriversPage, renderRevokeDriverPage } from './driver-pages.js';
import { driverSessionLine as lineOf, type DriverSessionLine } from './driver-session-line.js';
import { fieldErrors, namedStops, readPlanForm, rearranged, schemaErrors, tourInput, withPicked } from './plan-tour-form.js';
import { renderPlanTourPage, renderToursPage, type FieldErrors, type PlanForm } from './tour-pages.js';
import { progressTag, renderTourPage, renderTourProgress, TOUR_PAGE_CSP } from './tour-progress-page.js';
import { TOUR_WORDS } from './tour-words.js';

const pageProperties = { mode: Type.Optional(Type.String({ maxLength: 10 })), lang: Type.Optional(Type.String({ maxLength: 10 })), done: Type.Optional(Type.String({ maxLength: 20 })) };
const ListQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 1000 })), ...pageProperties }, { additionalProperties: false });
const PageQuery = Type.Object(pageProperties, { additionalProperties: false });
const TourParams = Type.Object({ id: IdString('tour') }, { additionalProperties: false });
const SessionParams = Type.Object({ id: IdString('driver_session') }, { additionalProperties: false });
type Query = { mode?: string; lang?: string; done?: string; cursor?: string };

/** The issued shipments the plan form offers (the newest; a search by reference finds any other). */
const ISSUED_IN_PICKER = 50;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export async function consoleTourPageRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  const read = consolePageRoute('console:read');
  const manage = consolePageRoute('tours:manage');

  async function readPage(request: FastifyRequest) {
    const page = await consolePageContext(runtime, request);
    const asked = request.method === 'GET' ? (request.query as Query).mode : formValue((request.body ?? {}) as FormBody, 'mode');
    const mode = pageMode(asked, page.organization.live_enabled);
    return { ...page, mode, ctx: consoleTenantContext(runtime, request, mode), mayManage: roleMay(page.session.role, 'tours:manage') };
  }
  type PageOf = Awaited<ReturnType<typeof readPage>>;
  const seeOther = (reply: FastifyReply, path: string, params: Record<string, string | undefined>) => reply.header('cache-control', 'no-store').redirect(hrefWith(path, params), 303);

  async function planPage(reply: FastifyReply, p: PageOf, form: PlanForm, errors: FieldErrors, status = 200) {
    const query = { status: 'issued' as const, limit: ISSUED_IN_PICKER, ...(form.q ? { reference: form.q } : {}) };
    const [issued, named] = await Promise.all([listShipments(p.ctx, query, apiLanguage(p.language)), namedStops(p.ctx, p.language, form)]);
    return sendConsolePage(reply, renderPlanTourPage({ language: p.language, view: p.view, mode: p.mode, mayManage: p.mayManage, form: named, issued: issued.data, errors }), status);
  }

  await consoleFormScope(app, (scope) => {
    scope.get<{ Querystring: Query }>('/console/tours', { ...read, schema: { hide: true, querystring: ListQuery } }, async (request, reply) => {
      const p = await readPage(request);
      const page = await listTours(p.ctx, { ...(request.query.cursor ? { cursor: request.query.cursor } : {}) });
      return sendConsolePage(reply, renderToursPage({ language: p.language, view: p.view, mode: p.mode, mayManage: p.mayManage, page, onLaterPage: Boolean(request.query.cursor) }));
    });

    scope.get<{ Querystring: Query }>('/console/tours/new', { ...manage, schema: { hide: true, querystring: PageQuery } }, async (request, reply) => {
      const p = await readPage(request);
      return planPage(reply, p, readPlanForm(() => undefined, [], utcDay(p.ctx.clock.now())), {});
    });

    scope.post<{ Body: FormBody }>('/console/tours/new', manage, async (request, reply) => {
      const p = await readPage(request);
      const act = formValue(request.body, 'act');
      const form = rearranged(readPlanForm((name) => formValue(request.body, name), formValues(request.body, 'stop'), utcDay(p.ctx.clock.now())), formValue(request.body, 'move'), formValue(request.body, 'remove'));
      if (act === 'add') {
        const added = await withPicked(p.ctx, p.language, form, formValues(request.body, 'pick'));
        return planPage(reply, p, added.form, added.errors, Object.keys(added.errors).length > 0 ? 422 : 200);
      }
      if (act !== 'plan') return planPage(reply, p, form, {});
      const input = tourInput(form);
      const errors = schemaErrors(input, p.language);
      if (Object.keys(errors).length > 0) return planPage(reply, p, form, errors, 422);
      try {
        const tour = await createTour(p.ctx, input);
        return seeOther(reply, `/console/tours/${tour.id}`, { mode: p.mode, done: 'planned' });
      } catch (error) {
        if (isAppError(error) && error.code === 'validation_failed') return planPage(reply, p, form, fieldErrors(error.errors, p.language), error.status);
        throw error;
      }
    });

    scope.get<{ Params: { id: string }; Querystring: Query }>('/console/tours/:id', { ...read, schema: { hide: true, params: TourParams, querystring: PageQuery } }, async (request, reply) => {
      const p = await readPage(request);
      const progress = await getTourProgress(p.ctx, request.params.id);
      const notice = request.query.done === 'planned' ? { notice: { text: TOUR_WORDS[p.language].planned } } : {};
      const html = renderTourPage({ language: p.language, view: p.view, mode: p.mode, progress, ...notice });
      return sendConsolePage(reply, html).header('content-security-policy', TOUR_PAGE_CSP);
    });

    scope.get<{ Params: { id: string }; Querystring: Query }>('/console/tours/:id/progress', { ...read, schema: { hide: true, params: TourParams, querystring: PageQuery } }, async (request, reply) => {
      const p = await readPage(request);
      const html = renderTourProgress(p.language, p.zone, await getTourProgress(p.ctx, request.params.id));
      const tag = progressTag(html);
      reply.header('etag', tag).header('cache-control', 'no-store');
      if (request.headers['if-none-match'] === tag) return reply.status(304).send();
      return sendConsolePage(reply, html);
    });

    scope.get<{ Querystring: Query }>('/console/drivers', { ...read, schema: { hide: true, querystring: ListQuery } }, async (request, reply) => {
      const p = await readPage(request);
      const page = await listDriverSessions(p.ctx, { ...(request.query.cursor ? { cursor: request.query.cursor } : {}) });
      const lines: DriverSessionLine[] = [];
      for (const session of page.data) lines.push(await lineOf(p.ctx, session));
      const notice = request.query.done === 'revoked' ? { notice: { text: TOUR_WORDS[p.language].revoked } } : {};
      return sendConsolePage(reply, renderDriversPage({ language: p.language, view: p.view, mode: p.mode, mayManage: p.mayManage, lines, page, onLaterPage: Boolean(request.query.cursor), ...notice }));
    });

    scope.get<{ Params: { id: string }; Querystring: Query }>('/console/drivers/:id/revoke', { ...manage, schema: { hide: true, params: SessionParams, querystring: PageQuery } }, async (request, reply) => {
      const p = await readPage(request);
      const session = await getDriverSession(p.ctx, request.params.id);
      if (session.status !== 'active') return seeOther(reply, '/console/drivers', { mode: p.mode });
      return sendConsolePage(reply, renderRevokeDriverPage({ language: p.language, view: p.view, mode: p.mode, line: await lineOf(p.ctx, session) }));
    });

    scope.post<{ Params: { id: string }; Body: FormBody }>('/console/drivers/:id/revoke', { ...manage, schema: { hide: true, params: SessionParams } }, async (request, reply) => {
      const p = await readPage(request);
      await revokeDriverSession(p.ctx, request.params.id);
      return seeOther(reply, '/console/drivers', { mode: p.mode, done: 'revoked' });
    });
  });
}
