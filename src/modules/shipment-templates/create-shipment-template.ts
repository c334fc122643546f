/**
 * Creates a shipment template in the caller's organisation and mode. The body was checked against
 * the template schema by the HTTP layer (`validation_failed` names each field). Recorded in the
 * audit log (`shipment_template.created`, the template's id and the fields set, never the name) in
 * the same transaction, with the idempotent answer when the request carries a key.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement, type AlsoWrite } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { setFields, TEMPLATE_AUDIT_TARGET } from './shipment-template-audit.js';
import type { ShipmentTemplateInput } from './shipment-template.schema.js';
import { shipmentTemplateView, type ShipmentTemplateView } from './shipment-template-view.js';
import { insertTemplateWrite, type ShipmentTemplateRow } from './shipment-templates.repository.js';

export async function createShipmentTemplate(ctx: TenantContext, input: ShipmentTemplateInput, alsoWrite?: AlsoWrite<ShipmentTemplateView>): Promise<ShipmentTemplateView> {
  const now = ctx.clock.now();
  const { name, ...data } = input;
  const row: ShipmentTemplateRow = { id: newId('shipment_template', now), organization_id: ctx.organizationId, mode: ctx.mode, name, data, created_at: now, updated_at: now };
  const view = shipmentTemplateView(row);
  await withTransaction(ctx.db, async (trx) => {
    await writeAsOneStatement(trx, [insertTemplateWrite(trx, row), ...(alsoWrite?.(trx, view) ?? [])]);
    await recordTenantAct(trx, ctx, { action: 'shipment_template.created', target: { type: TEMPLATE_AUDIT_TARGET, id: row.id }, changes: { fields: setFields(data) } });
  });
  return view;
}
