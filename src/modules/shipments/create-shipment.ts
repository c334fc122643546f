/**
 * Creates a shipment (POST /v1/shipments): validates the input with the schema and the business
 * rules, stores a draft and its `shipment.created` event in one statement, and with `issue`
 * issues it in the same statement (DESIGN: `?issue=true` creates and issues in one call),
 * rendering version 1 of the consignment note first (a failed render writes nothing). A body with
 * `template_id` is first merged over that template (apply-shipment-template.ts), then checked
 * like any other. Raises `validation_failed` with the findings in `errors` (warnings alongside);
 * `invalid_id` and `not_found` for a template id that is malformed or names no usable template.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import type { Language } from '../../core/language.js';
import { writeAsOneStatement, type Database, type Write } from '../../ports/database.js';
import { chainShipmentEvents, shipmentEventsWrites, type ShipmentEventSpec } from '../events/record-shipment-events.js';
import { EMPTY_CHAIN } from '../events/hash-chain.js';
import { eventActorOf } from '../events/event-actor.js';
import { usageWrite } from '../usage/record-usage.js';
import { consignmentNoteVersion, noteLanguage } from '../documents/consignment-note-version.js';
import { newInspectionToken } from '../documents/inspection-link.js';
import type { ShipmentInput } from './shipment-input.schema.js';
import { shipmentView, type ShipmentView } from './shipment-view.js';
import { chainOf } from './record-shipment-change.js';
import { gateRegistration, initialGateStatus } from '../efti/gate/gate-registration.js';
import { insertShipmentWrite, type ShipmentRow } from './shipments.repository.js';
import { validateShipment } from './validate-shipment.js';
import { routeAtIssue } from '../providers/route-at-issue.js';
import { applyShipmentTemplate } from '../shipment-templates/apply-shipment-template.js';

export function validationError(result: { errors: AppError['errors']; warnings: AppError['warnings'] }, what: string): AppError {
  return new AppError('validation_failed', `${what} does not validate; see errors.`, { errors: result.errors, warnings: result.warnings });
}

export interface CreateShipmentOptions {
  issue?: boolean;
  language: Language;
  /** Writes that must commit with the shipment (its idempotent response), made from the result. */
  alsoWrite?: (db: Database, created: ShipmentView) => Write[];
}

export async function createShipment(ctx: TenantContext, sent: unknown, options: CreateShipmentOptions): Promise<ShipmentView> {
  const { body, templateId } = await applyShipmentTemplate(ctx, sent);
  const result = validateShipment(body, 'en');
  if (!result.valid || !result.transport_type) throw validationError(result, 'The shipment');
  const input = body as ShipmentInput;
  const now = ctx.clock.now();
  const id = newId('shipment', now);
  const specs: ShipmentEventSpec[] = [
    { type: 'shipment.created', status: 'draft', fields: { transport_type: result.transport_type, ...(input.reference ? { reference: input.reference } : {}), ...(templateId ? { template_id: templateId } : {}) } },
  ];
  // Where the note is kept: the organisation's routing rules decide at issue (docs/providers.md).
  const routing = options.issue ? await routeAtIssue(ctx.db, ctx, { id, data: input as Record<string, unknown>, transport_type: result.transport_type }, now) : undefined;
  if (options.issue) specs.push({ type: 'shipment.issued', status: 'issued' }, ...(routing ? [routing.event] : []));
  const target = chainOf(ctx, { id, event_seq: EMPTY_CHAIN.seq, head_hash: EMPTY_CHAIN.hash });
  const { head, events } = chainShipmentEvents(target, specs, now, eventActorOf(ctx));
  const row: ShipmentRow = {
    id,
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    status: options.issue ? 'issued' : 'draft',
    transport_type: result.transport_type,
    reference: input.reference ?? null,
    data: input as Record<string, unknown>,
    warnings: result.warnings,
    cancellation_reason: null,
    event_seq: head.seq,
    head_hash: head.hash,
    created_at: now,
    updated_at: now,
    issued_at: options.issue ? now : null,
    picked_up_at: null,
    delivered_at: null,
    cancelled_at: null,
    inspection_token: options.issue ? newInspectionToken() : null,
    gate_status: initialGateStatus(ctx, ctx.mode),
    // eFTI UIL dataset id: random, so it reveals nothing and is never reused.
    dataset_id: randomUUID(),
    // Sandbox: `?test_clock=` (src/modules/test-clocks/test-clock-access.ts); this request's clock is then that clock.
    test_clock_id: ctx.testClockId ?? null,
  };
  const gate = gateRegistration(ctx.db, ctx, undefined, row, now);
  if (gate) row.gate_status = gate.gate_status;
  const issued = events.find((e) => e.type === 'shipment.issued');
  const note = issued ? await consignmentNoteVersion(ctx, ctx.db, row, issued, { version: 1, language: noteLanguage(row, options.language) }) : undefined;
  const view = shipmentView(row, options.language, ctx);
  // One statement: the row, its events, the usage counter and the idempotent response commit together.
  await writeAsOneStatement(ctx.db, [
    insertShipmentWrite(ctx.db, row),
    ...shipmentEventsWrites(ctx.db, target, events),
    ...(options.issue ? [usageWrite(ctx.db, ctx, 'shipments_issued', now)] : []),
    ...(note?.writes ?? []),
    ...(gate?.writes ?? []),
    ...(routing?.writes ?? []),
    ...(options.alsoWrite?.(ctx.db, view) ?? []),
  ]);
  return view;
}
