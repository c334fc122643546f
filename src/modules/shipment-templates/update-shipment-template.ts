/**
 * Updates a template with a JSON merge patch (RFC 7396) on its name and fields. The merged template
 * is checked like a new one (`validation_failed` names each field; a `null` name is a missing
 * name). A patch that changes nothing returns the template unchanged and records nothing;
 * otherwise the audit log records `shipment_template.updated` with the fields that changed (`name`
 * among them when renamed, never its value).
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding, translateFindings } from '../../core/findings.js';
import { documentValidator } from '../../core/json-validation.js';
import type { Language } from '../../core/language.js';
import { applyMergePatch, isPlainObject } from '../../core/merge-patch.js';
import { unstorableTextFindings } from '../../core/storable-text.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { SHIPMENT_INPUT_SCHEMAS } from '../shipments/shipment-input.schema.js';
import { findShipmentTemplate } from './get-shipment-template.js';
import { changedTemplateFields, TEMPLATE_AUDIT_TARGET } from './shipment-template-audit.js';
import { ShipmentTemplateInputSchema, type ShipmentTemplateInput } from './shipment-template.schema.js';
import { shipmentTemplateView, type ShipmentTemplateView } from './shipment-template-view.js';
import { updateTemplateWrite, type ShipmentTemplateRow } from './shipment-templates.repository.js';

const checkTemplate = documentValidator([...SHIPMENT_INPUT_SCHEMAS, ShipmentTemplateInputSchema], 'ShipmentTemplateInput');

export async function updateShipmentTemplate(ctx: TenantContext, id: string, patch: unknown, language: Language): Promise<ShipmentTemplateView> {
  if (!isPlainObject(patch)) {
    throw new AppError('validation_failed', 'A merge patch of a shipment template is a JSON object.', { errors: [finding('$', 'invalid_type', { type: 'object' })] });
  }
  const updated = await withTransaction(ctx.db, async (trx) => {
    const row = await findShipmentTemplate(trx, ctx, id, { forUpdate: true });
    const before = { name: row.name, ...row.data };
    const merged = applyMergePatch(before, patch) as Record<string, unknown>;
    const errors = translateFindings([...checkTemplate(merged), ...unstorableTextFindings(patch)], language);
    if (errors.length > 0) throw new AppError('validation_failed', 'The updated shipment template does not validate; see errors.', { errors });
    const { name, ...data } = merged as ShipmentTemplateInput;
    const changed = changedTemplateFields(row.data, data);
    if (changed.length === 0 && name === row.name) return row;
    const next: ShipmentTemplateRow = { ...row, name, data, updated_at: ctx.clock.now() };
    await writeAsOneStatement(trx, [updateTemplateWrite(trx, ctx, id, { name, data, updated_at: next.updated_at })]);
    const changedFields = name !== row.name ? ['name', ...changed] : changed;
    await recordTenantAct(trx, ctx, { action: 'shipment_template.updated', target: { type: TEMPLATE_AUDIT_TARGET, id }, changes: { changed_fields: changedFields } });
    return next;
  });
  return shipmentTemplateView(updated);
}
