/**
 * Deletes a template; shipments made from it keep their fields (they were copied). Recorded in the
 * audit log (`shipment_template.deleted`, its id only). Another tenant's is `not_found`.
 */
import type { TenantContext } from '../../core/context.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { findShipmentTemplate } from './get-shipment-template.js';
import { TEMPLATE_AUDIT_TARGET } from './shipment-template-audit.js';
import { deleteTemplateWrite } from './shipment-templates.repository.js';

export async function deleteShipmentTemplate(ctx: TenantContext, id: string): Promise<void> {
  await withTransaction(ctx.db, async (trx) => {
    await findShipmentTemplate(trx, ctx, id, { forUpdate: true });
    await writeAsOneStatement(trx, [deleteTemplateWrite(trx, ctx, id)]);
    await recordTenantAct(trx, ctx, { action: 'shipment_template.deleted', target: { type: TEMPLATE_AUDIT_TARGET, id } });
  });
}
