/**
 * Moves a shipment along the state machine (issue, cancel; pickup and delivery for the signature
 * areas), appending the transition's event in the same transaction. Issuing checks the content
 * against the business rules again, meters `shipments_issued` for the UTC day and renders version
 * 1 of the consignment note render-first (DESIGN, Lifecycle: render, store, then commit in a short
 * transaction that re-checks the head; change-with-render.ts): a failed render changes nothing,
 * and no transaction is open while the note renders.
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
import { changeWithRender } from './change-with-render.js';
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
  if (to === 'issued') return issue(ctx, id, now, options);
  return withTransaction(ctx.db, async (trx) => {
    const row = await findShipment(trx, ctx, id, { forUpdate: true });
    assertTransition(id, row.status, to);
    const transition = TRANSITIONS[to];
    const changes = { status: to, [transition.stamp]: now, ...(options.cancellationReason !== undefined ? { cancellation_reason: options.cancellationReason } : {}) };
    return shipmentView(await recordShipmentChange(trx, ctx, row, changes, [{ type: transition.event, status: to, fields: options.fields }], now), options.language, ctx);
  }, options.alsoWrite);
}

function issue(ctx: TenantContext, id: string, now: Date, options: TransitionOptions): Promise<ShipmentView> {
  return changeWithRender(ctx, id, now, async (row) => {
    assertTransition(id, row.status, 'issued');
    const result = validateShipment(row.data, 'en');
    if (!result.valid) throw validationError(result, 'The shipment');
    const transition = TRANSITIONS.issued;
    const changes = { status: 'issued' as const, warnings: result.warnings, [transition.stamp]: now, inspection_token: row.inspection_token ?? newInspectionToken() };
    // Where the note is kept: the organisation's routing rules decide at issue (docs/providers.md).
    const routing = await routeAtIssue(ctx.db, ctx, row, now);
    return {
      changes,
      events: [{ type: transition.event, status: 'issued', fields: options.fields }, ...(routing ? [routing.event] : [])],
      async render(changed, [event]) {
        const note = await consignmentNoteVersion(ctx, ctx.db, changed, event!, { version: 1, language: noteLanguage(changed, options.language) });
        return { writes: [usageWrite(ctx.db, ctx, 'shipments_issued', now), ...note.writes, ...(routing?.writes ?? [])], stored: [note.document.object_key], answer: shipmentView(changed, options.language, ctx) };
      },
    };
  }, options.alsoWrite);
}

export function issueShipment(ctx: TenantContext, id: string, language: Language, alsoWrite?: AlsoWrite<ShipmentView>): Promise<ShipmentView> {
  return changeShipmentStatus(ctx, id, 'issued', { language, alsoWrite });
}

export function cancelShipment(ctx: TenantContext, id: string, reason: string | undefined, language: Language, alsoWrite?: AlsoWrite<ShipmentView>): Promise<ShipmentView> {
  return changeShipmentStatus(ctx, id, 'cancelled', { language, fields: reason ? { reason } : {}, cancellationReason: reason, alsoWrite });
}
