/**
 * The console's acts on shipments: the new-shipment and edit forms (with the dry-run validation
 * behind their script), issue, cancel, sign links (send, resend, revoke) and the invoice. Each act
 * calls the use case the API's route calls, through shipment-acts.ts, which records it in the audit
 * log with the user as actor. An act answers with a redirect to the page it came from
 * (`return_to`), carrying its outcome; its refusals (a status that does not allow it…) are shown
 * there as a notice. A shipment of another organisation or mode is 404, as in the API.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError, isAppError } from '../../core/errors.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import type { ConsolePermission } from '../console-auth/member-permissions.js';
import { getInvoice } from '../invoices/get-invoice.js';
import { findShipment } from '../shipments/get-shipment.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { validateShipment } from '../shipments/validate-shipment.js';
import { listShipmentSignatureRequests } from '../signatures/list-shipment-signature-requests.js';
import { SIGNATURE_ROLES, type SignatureRole } from '../signatures/signature-rules.js';
import { CONSOLE_SCRIPT_CSP } from './console-layout.js';
import { consoleFormScope, consolePageContext, consolePageRoute, formValue, sendConsolePage, type FormBody } from './console-page.routes.js';
import { hrefWith, pageMode } from './console-page-parts.js';
import { apiLanguage } from './console-words.js';
import { cancelShipmentAct, createShipmentAct, issueInvoiceAct, issueShipmentAct, resendSignLinkAct, revokeSignLinkAct, sendSignLinkAct, updateShipmentAct } from './shipment-acts.js';
import { refusalWords, shipmentActBar, shipmentActNotice, shipmentPath, type ActDone } from './shipment-act-bar.js';
import type { ShipmentAct } from './shipment-act-words.js';
import { renderActConfirmPage, renderShipmentFormPage, SHIPMENT_FORM_SCRIPT_PATH, SHIPMENT_VALIDATE_PATH } from './shipment-form-pages.js';
import { SHIPMENT_FORM_SCRIPT } from './shipment-form-script.js';
import { FORM_WORDS } from './shipment-form-words.js';
import { formInput, formValuesOf, goodsLinesOf, mergePatchBetween, placeFindings, shipmentFormFields } from './shipment-form.js';

type ById = { Params: { id: string }; Body: FormBody };
type PageQuery = { done?: string; act_error?: string; act?: string; lang?: string; mode?: string };
const PageQuerySchema = Type.Object({ done: Type.Optional(Type.String({ maxLength: 20 })), act_error: Type.Optional(Type.String({ maxLength: 40 })), act: Type.Optional(Type.String({ maxLength: 20 })), lang: Type.Optional(Type.String({ maxLength: 10 })), mode: Type.Optional(Type.String({ maxLength: 10 })) });

/** A page of this shipment to go back to (its page or its edit page), else its page. */
function returnPath(asked: string | undefined, id: string): string {
  const own = shipmentPath(id);
  const match = asked ? /^(\/console\/shipments\/[A-Za-z0-9_]+(?:\/edit)?)(\?[^#\s]*)?$/.exec(asked) : null;
  return match && match[1]!.startsWith(own) && (match[1] === own || match[1] === `${own}/edit`) ? asked! : own;
}

/** `path` with the outcome's parameters in place of any earlier outcome's. */
function withOutcome(path: string, outcome: Record<string, string>): string {
  const url = new URL(path, 'http://console.invalid');
  for (const name of ['done', 'act_error', 'act']) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

export async function consoleShipmentActRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  const manage = consolePageRoute('shipments:manage');
  const byId = (permission: ConsolePermission) => ({ ...consolePageRoute(permission), schema: { hide: true, params: ShipmentParamsSchema } });

  async function readPage(request: FastifyRequest) {
    const page = await consolePageContext(runtime, request);
    const asked = request.method === 'GET' ? (request.query as PageQuery).mode : formValue((request.body ?? {}) as FormBody, 'mode');
    const mode = pageMode(asked, page.organization.live_enabled);
    return { ...page, mode, ctx: consoleTenantContext(runtime, request, mode) };
  }
  type Page = Awaited<ReturnType<typeof readPage>>;
  const seeOther = (reply: FastifyReply, path: string) => reply.header('cache-control', 'no-store').redirect(path, 303);
  const pageHref = (path: string, p: Page, outcome: Record<string, string>) => withOutcome(hrefWith(path, { lang: p.language, mode: p.mode }), outcome);

  /** The form again with what was typed and the validator's findings, in the page's language. */
  function formAgain(reply: FastifyReply, p: Page, body: FormBody, input: Record<string, unknown>, shipment?: { id: string; reference: string | null; status: string }, notice?: string) {
    const lines = goodsLinesOf(body);
    const findings = placeFindings(shipmentFormFields(lines), validateShipment(input, apiLanguage(p.language)));
    const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v]));
    const html = renderShipmentFormPage({ language: p.language, view: p.view, mode: p.mode, zone: p.zone, goodsLines: lines, values, findings, notice: { text: notice ?? FORM_WORDS[p.language].notValid, error: true }, ...(shipment ? { shipment } : {}) });
    return sendConsolePage(reply, html, 422, CONSOLE_SCRIPT_CSP);
  }

  await consoleFormScope(app, (scope) => {
    scope.get(SHIPMENT_FORM_SCRIPT_PATH, { config: { access: { public: true } }, schema: { hide: true } }, async (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(SHIPMENT_FORM_SCRIPT),
    );

    scope.get('/console/shipments/new', { ...manage, schema: { hide: true, querystring: PageQuerySchema } }, async (request, reply) => {
      const p = await readPage(request);
      return sendConsolePage(reply, renderShipmentFormPage({ language: p.language, view: p.view, mode: p.mode, zone: p.zone, goodsLines: 1, values: {} }), 200, CONSOLE_SCRIPT_CSP);
    });

    scope.post<{ Body: FormBody }>('/console/shipments', manage, async (request, reply) => {
      const p = await readPage(request);
      const input = formInput(request.body, {}, p.zone);
      if (!validateShipment(input, apiLanguage(p.language)).valid) return formAgain(reply, p, request.body, input);
      const created = await createShipmentAct(p.ctx, input, apiLanguage(p.language));
      return seeOther(reply, pageHref(shipmentPath(created.id), p, { done: 'created' }));
    });

    // The dry run of the form as it stands (an edit: merged onto the stored shipment), placed by field.
    scope.post<{ Body: FormBody }>(SHIPMENT_VALIDATE_PATH, manage, async (request, reply) => {
      const p = await readPage(request);
      const id = formValue(request.body, 'shipment_id');
      const base = id && /^shp_[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? (await findShipment(p.ctx.db, p.ctx, id)).data : {};
      const input = formInput(request.body, base, p.zone);
      const result = validateShipment(input, apiLanguage(p.language));
      const placed = placeFindings(shipmentFormFields(goodsLinesOf(request.body)), result);
      return reply.header('cache-control', 'no-store').send({ valid: result.valid, fields: placed.byField, general: placed.general });
    });

    scope.get<{ Params: { id: string }; Querystring: PageQuery }>('/console/shipments/:id/edit', { ...byId('shipments:manage'), schema: { hide: true, params: ShipmentParamsSchema, querystring: PageQuerySchema } }, async (request, reply) => {
      const p = await readPage(request);
      const row = await findShipment(p.ctx.db, p.ctx, request.params.id);
      const draft = row.status === 'draft';
      const goods = Array.isArray(row.data.goods) ? row.data.goods.length : 1;
      const [signRequests, invoiced] = await Promise.all([listShipmentSignatureRequests(p.ctx, row.id), row.status === 'delivered' ? getInvoice(p.ctx, row.id).then(() => true, () => false) : false]);
      // An act sends the member on to the shipment's page: an issued or cancelled shipment has no edit page left.
      const returnTo = hrefWith(shipmentPath(row.id), { lang: p.language, mode: p.mode });
      const actBar = shipmentActBar({ shipmentId: row.id, status: row.status, signRequests, invoiced, role: p.session.role, language: p.language, mode: p.mode, returnTo, onEditPage: true });
      const notice = shipmentActNotice(p.language, request.query);
      const html = renderShipmentFormPage({
        language: p.language, view: p.view, mode: p.mode, goodsLines: goods, values: formValuesOf(row.data, p.zone), zone: p.zone, editable: draft, actBar,
        shipment: { id: row.id, reference: row.reference, status: row.status },
        ...(draft ? { findings: placeFindings(shipmentFormFields(goods), validateShipment(row.data, apiLanguage(p.language))) } : {}),
        ...(notice ? { notice } : {}),
      });
      return sendConsolePage(reply, html, 200, draft ? CONSOLE_SCRIPT_CSP : undefined);
    });

    scope.post<ById>('/console/shipments/:id/edit', byId('shipments:manage'), async (request, reply) => {
      const p = await readPage(request);
      const row = await findShipment(p.ctx.db, p.ctx, request.params.id);
      const input = formInput(request.body, row.data, p.zone);
      const shipment = { id: row.id, reference: row.reference, status: row.status };
      if (!validateShipment(input, apiLanguage(p.language)).valid) return formAgain(reply, p, request.body, input, shipment);
      try {
        await updateShipmentAct(p.ctx, row.id, mergePatchBetween(row.data, input), apiLanguage(p.language));
      } catch (error) {
        // The shipment moved on since the form was opened (issued elsewhere, say): the form again, with the refusal.
        if (!isAppError(error) || !['field_frozen', 'shipment_immutable', 'validation_failed'].includes(error.code)) throw error;
        return formAgain(reply, p, request.body, input, shipment, refusalWords(p.language, error.code, error.message));
      }
      return seeOther(reply, pageHref(shipmentPath(row.id), p, { done: 'updated' }));
    });

    /**
     * One act: an act that cannot be undone first shows its confirm page (unless `confirmed=1`),
     * then runs; the browser goes back with the outcome, a refusal named by its code.
     */
    function actRoute(act: ShipmentAct, permission: ConsolePermission, confirmIf: (body: FormBody) => boolean, run: (p: Page, id: string, body: FormBody) => Promise<ActDone>) {
      scope.post<ById>(`/console/shipments/:id/${act === 'sign_link' ? 'sign-links' : act}`, byId(permission), async (request, reply) => {
        const p = await readPage(request);
        const id = request.params.id;
        const back = returnPath(formValue(request.body, 'return_to'), id);
        if (confirmIf(request.body) && formValue(request.body, 'confirmed') !== '1') {
          await findShipment(p.ctx.db, p.ctx, id);
          const fields = Object.fromEntries(Object.entries(request.body).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v]));
          return sendConsolePage(reply, renderActConfirmPage({ language: p.language, view: p.view, mode: p.mode, shipmentId: id, act, fields: { ...fields, return_to: back }, returnTo: back }));
        }
        try {
          return seeOther(reply, withOutcome(back, { done: await run(p, id, request.body) }));
        } catch (error) {
          if (!isAppError(error) || error.status >= 500 || ['not_found', 'forbidden', 'invalid_id'].includes(error.code)) throw error;
          return seeOther(reply, withOutcome(back, { act_error: error.code, act }));
        }
      });
    }

    const always = () => true;
    actRoute('issue', 'shipments:manage', always, async (p, id) => (await issueShipmentAct(p.ctx, id, apiLanguage(p.language)), 'issued'));
    actRoute('cancel', 'shipments:manage', always, async (p, id, body) => {
      const reason = formValue(body, 'reason')?.trim().slice(0, 500);
      await cancelShipmentAct(p.ctx, id, reason || undefined, apiLanguage(p.language));
      return 'cancelled';
    });
    actRoute('invoice', 'invoices:manage', always, async (p, id) => (await issueInvoiceAct(p.ctx, id), 'invoiced'));
    actRoute('sign_link', 'shipments:manage', (body) => formValue(body, 'act') === 'revoke', async (p, id, body) => {
      const act = formValue(body, 'act');
      const requestId = formValue(body, 'request_id') ?? '';
      if (act === 'resend') return (await resendSignLinkAct(p.ctx, id, requestId), 'resent');
      if (act === 'revoke') return (await revokeSignLinkAct(p.ctx, id, requestId), 'revoked');
      const role = formValue(body, 'role') as SignatureRole;
      const channel = formValue(body, 'channel') === 'sms' ? 'sms' : 'email';
      if (!SIGNATURE_ROLES.includes(role)) throw new AppError('bad_request', 'No such signing role.');
      await sendSignLinkAct(p.ctx, id, { role, channel });
      return 'sent';
    });
  });
}
