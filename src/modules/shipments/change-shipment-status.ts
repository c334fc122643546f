/**
 * Moves a shipment along the state machine (issue, cancel; pickup and delivery for the signature
 * areas), appending the transition's event in the same transaction. Issuing checks the content
 * against the business rules again, meters `shipments_issued` for the UTC day and renders version
 * 1 of the consignment note before the commit (a failed render changes nothing).
 */
import type { TenantContext } from '../../core/context.js';
import type { Language } from '../../core/language.js';
import { withTransaction, type AlsoWrite } from '../../ports/database.js';
import { usageWrite } from '../usage/record-usage.js';
import { consignmentNoteVersion, noteLanguage } from '../documents/consignment-note-version.js';
import { newInspectionToken } from '../documents/inspection-link.js';
import { validationError } from './create-shipment.js';
import { findShipment } from './get-shipment.js';
import { assertTransition, TRANSITIONS, type TargetStatus } from './shipment-status.js';
import { shipmentView, type ShipmentView } from './shipment-view.js';
import type { ShipmentRow } from './shipments.repository.js';
import { recordShipmentChange } from './record-shipment-change.js';
import { validateShipment } from './validate-shipment.js';
import { routeAtIssue } from '../providers/route-at-issue.js';

export interface TransitionOptions {
  language: Language;
  /** Extra fields of the event's data, such as a cancellation `reason`. */
  fields?: Record<string, unknown>;
  cancellationReason?: string;
  /** Writes that commit with the change, made from its view (its idempotent answer). */
  alsoWrite?: AlsoWrite<ShipmentView>;
}

export async function changeShipmentStatus(ctx: TenantContext, id: string, to: TargetStatus, options: TransitionOptions): Promise<ShipmentView> {
  const now = ctx.clock.now();
  const view = (row: ShipmentRow) => shipmentView(row, options.language, ctx);
  return withTransaction(ctx.db, async (trx) => {
    const row = await findShipment(trx, ctx, id, { forUpdate: true });
    assertTransition(id, row.status, to);
    let warnings = row.warnings;
    if (to === 'issued') {
      const result = validateShipment(row.data, 'en');
      if (!result.valid) throw validationError(result, 'The shipment');
      warnings = result.warnings;
    }
    const transition = TRANSITIONS[to];
    const changes = {
      status: to,
      warnings,
      [transition.stamp]: now,
      ...(options.cancellationReason !== undefined ? { cancellation_reason: options.cancellationReason } : {}),
    };
    if (to !== 'issued') return view(await recordShipmentChange(trx, ctx, row, changes, [{ type: transition.event, status: to, fields: options.fields }], now));
    const issuing = { ...changes, inspection_token: row.inspection_token ?? newInspectionToken() };
    // Where the note is kept: the organisation's routing rules decide at issue (docs/providers.md).
    const routing = await routeAtIssue(trx, ctx, row, now);
    const events = [{ type: transition.event, status: to, fields: options.fields }, ...(routing ? [routing.event] : [])];
    const issued = await recordShipmentChange(trx, ctx, row, issuing, events, now, async (changed, [event]) => {
      const note = await consignmentNoteVersion(ctx, trx, changed, event!, { version: 1, language: noteLanguage(changed, options.language) });
      return [usageWrite(trx, ctx, 'shipments_issued', now), ...note.writes, ...(routing?.writes ?? [])];
    });
    return view(issued);
  }, options.alsoWrite);
}

export function issueShipment(ctx: TenantContext, id: string, language: Language, alsoWrite?: AlsoWrite<ShipmentView>): Promise<ShipmentView> {
  return changeShipmentStatus(ctx, id, 'issued', { language, alsoWrite });
}

export function cancelShipment(ctx: TenantContext, id: string, reason: string | undefined, language: Language, alsoWrite?: AlsoWrite<ShipmentView>): Promise<ShipmentView> {
  return changeShipmentStatus(ctx, id, 'cancelled', { language, fields: reason ? { reason } : {}, cancellationReason: reason, alsoWrite });
}
