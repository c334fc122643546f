/**
 * The body of a shipment create or dry run that names a template (`template_id`): the template's
 * fields with the body applied over them as a JSON merge patch (RFC 7396) — objects merge member by
 * member, an array in the body replaces the template's whole, `null` removes a field the template
 * sets — so the body wins. The caller validates the merged document exactly as any other body.
 *
 * Raises `invalid_id` for a `template_id` of the wrong shape and `not_found` for one that names no
 * template of the caller's organisation and mode; a template of the organisation's other mode is
 * `not_found` too (DESIGN: rows never cross modes), with a detail that says so.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { idPattern } from '../../core/ids.js';
import { applyMergePatch, isPlainObject } from '../../core/merge-patch.js';
import { selectTemplate, selectTemplateModeElsewhere } from './shipment-templates.repository.js';

export interface TemplatedBody {
  /** The body to validate: the merged document, or the body as sent when it names no template. */
  body: unknown;
  /** The template it was made from, if any. */
  templateId?: string;
}

const TEMPLATE_ID = new RegExp(idPattern('shipment_template'));

export async function applyShipmentTemplate(ctx: TenantContext, body: unknown): Promise<TemplatedBody> {
  if (!isPlainObject(body) || !('template_id' in body)) return { body };
  const { template_id: templateId, ...overrides } = body;
  if (typeof templateId !== 'string' || !TEMPLATE_ID.test(templateId)) {
    throw new AppError('invalid_id', '`template_id` is not a shipment template id (`stpl_…`).', {
      errors: [finding('$.template_id', 'invalid_format', { pattern: idPattern('shipment_template') })],
    });
  }
  const template = await selectTemplate(ctx.db, ctx, templateId);
  if (!template) {
    const elsewhere = await selectTemplateModeElsewhere(ctx.db, ctx, templateId);
    if (!elsewhere) throw new AppError('not_found', `No shipment template ${templateId}.`);
    throw new AppError('not_found', `Shipment template ${templateId} is a ${elsewhere}-mode template; this request is in ${ctx.mode} mode. Templates serve shipments of their own mode only: make the template in ${ctx.mode} mode too.`);
  }
  return { body: applyMergePatch(template.data, overrides), templateId };
}
