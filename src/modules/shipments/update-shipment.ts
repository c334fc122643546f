/**
 * Updates a shipment with a JSON merge patch (RFC 7396) on its input fields. The merged document
 * is validated as a create would be; after issuing only the fields of frozen-fields.ts may change
 * (`field_frozen` names the others); a delivered or cancelled shipment is `shipment_immutable`.
 * A patch that changes nothing appends no event.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { finding } from '../../core/findings.js';
import type { Language } from '../../core/language.js';
import { applyMergePatch, isPlainObject } from '../../core/merge-patch.js';
import { withTransaction, type Database } from '../../ports/database.js';
import type { ShipmentRow } from './shipments.repository.js';
import { derivedChanges } from './derived-changes.js';
import { changedFields, frozenFields } from './frozen-fields.js';
import { findShipment } from './get-shipment.js';
import { assertChangeable } from './shipment-status.js';
import { shipmentView, type ShipmentView } from './shipment-view.js';
import { recordShipmentChange } from './record-shipment-change.js';

export async function updateShipment(ctx: TenantContext, id: string, patch: unknown, language: Language): Promise<ShipmentView> {
  if (!isPlainObject(patch)) {
    throw new AppError('validation_failed', 'A merge patch of a shipment is a JSON object.', { errors: [finding('$', 'invalid_type', { type: 'object' })] });
  }
  const now = ctx.clock.now();
  const updated = await withTransaction(ctx.db, async (trx) => patchLockedShipment(trx, ctx, await findShipment(trx, ctx, id, { forUpdate: true }), patch, now));
  return shipmentView(updated, language, ctx);
}

/**
 * The update of a shipment the caller has locked in its transaction `trx` (a tour assigning its
 * driver and vehicle uses it too), with the same rules and codes as `updateShipment`.
 */
export async function patchLockedShipment(trx: Database, ctx: TenantContext, row: ShipmentRow, patch: Record<string, unknown>, now: Date): Promise<ShipmentRow> {
  const id = row.id;
  assertChangeable(id, row.status);
  const merged = applyMergePatch(row.data, patch) as Record<string, unknown>;
  const changed = changedFields(row.data, merged);
  if (changed.length === 0) return row;
  const frozen = frozenFields(row.status, changed);
  if (frozen.length > 0) {
    throw new AppError('field_frozen', `Shipment ${id} is ${row.status}: ${frozen.join(', ')} can no longer change.`, {
      errors: frozen.map((field) => finding(`$.${field}`, 'field_frozen', { field, status: row.status })),
    });
  }
  const changes = derivedChanges(merged, 'The updated shipment');
  return recordShipmentChange(trx, ctx, row, changes, [{ type: 'shipment.updated', status: row.status, fields: { changed_fields: changed } }], now);
}
