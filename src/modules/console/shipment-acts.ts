/**
 * The console's acts on shipments. Each calls the use case the API's route calls (so the rules,
 * codes, events and webhooks are the API's), then records the act in the organisation's audit log
 * with the signed-in user as actor. The audit row is written once the act has committed, in its
 * own short transaction: the acts render PDFs and send messages, which no transaction may wait for
 * (change-with-render.ts), and the audit chain locks its head. The API's own shipment acts are
 * recorded in each shipment's event chain, not in the audit log.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { Language } from '../../core/language.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import type { AuditAction } from '../audit-log/audit-actions.js';
import { issueInvoice } from '../invoices/issue-invoice.js';
import type { InvoiceSummary } from '../invoices/invoice.schema.js';
import { cancelShipment, issueShipment } from '../shipments/change-shipment-status.js';
import { createShipment } from '../shipments/create-shipment.js';
import type { ShipmentView } from '../shipments/shipment-view.js';
import { updateShipment } from '../shipments/update-shipment.js';
import { createSignatureRequest } from '../signatures/create-signature-request.js';
import { getSignatureRequest, resendSignatureRequest, revokeSignatureRequest } from '../signatures/manage-signature-requests.js';
import type { SignatureRole } from '../signatures/signature-rules.js';

async function recorded<T>(ctx: TenantContext, action: AuditAction, target: (result: T) => { type: string; id: string }, act: Promise<T>, changes: (result: T) => Record<string, unknown> = () => ({})): Promise<T> {
  const result = await act;
  await recordTenantAct(ctx.db, ctx, { action, target: target(result), changes: changes(result) });
  return result;
}

const shipmentTarget = (s: { id: string }) => ({ type: 'shipment', id: s.id });
const requestTarget = (r: { id: string }) => ({ type: 'signature_request', id: r.id });

/** Creates a draft (createShipment); raises `validation_failed` with the findings. */
export function createShipmentAct(ctx: TenantContext, input: unknown, language: Language): Promise<ShipmentView> {
  return recorded(ctx, 'shipment.created', shipmentTarget, createShipment(ctx, input, { language }), (s) => ({ reference: s.reference ?? null }));
}

/** Applies a merge patch (updateShipment); raises `not_found`, `validation_failed`, `field_frozen`, `shipment_immutable`. */
export function updateShipmentAct(ctx: TenantContext, id: string, patch: Record<string, unknown>, language: Language): Promise<ShipmentView> {
  return recorded(ctx, 'shipment.updated', shipmentTarget, updateShipment(ctx, id, patch, language), () => ({ fields: Object.keys(patch) }));
}

/** Issues a draft (issueShipment); raises `not_found`, `invalid_transition`, `validation_failed`, `pdf_render_failed`, `conflict`. */
export function issueShipmentAct(ctx: TenantContext, id: string, language: Language): Promise<ShipmentView> {
  return recorded(ctx, 'shipment.issued', shipmentTarget, issueShipment(ctx, id, language));
}

/** Cancels a draft or issued shipment (cancelShipment); raises `not_found`, `invalid_transition`. */
export function cancelShipmentAct(ctx: TenantContext, id: string, reason: string | undefined, language: Language): Promise<ShipmentView> {
  return recorded(ctx, 'shipment.cancelled', shipmentTarget, cancelShipment(ctx, id, reason, language), () => (reason ? { reason } : {}));
}

/** Sends a sign link for a role to its contact on file (createSignatureRequest); raises its codes (`invalid_state` on a draft, `already_signed`, `validation_failed`…). */
export function sendSignLinkAct(ctx: TenantContext, shipmentId: string, input: { role: SignatureRole; channel: 'email' | 'sms'; recipient?: string }) {
  return recorded(ctx, 'signature_request.sent', requestTarget, createSignatureRequest(ctx, shipmentId, input), (r) => ({ shipment_id: shipmentId, role: r.role, channel: r.channel }));
}

/** A request of this shipment, or `not_found` (the page names both). */
async function assertRequestOf(ctx: TenantContext, shipmentId: string, requestId: string): Promise<void> {
  if ((await getSignatureRequest(ctx, requestId)).shipment_id !== shipmentId) throw new AppError('not_found', `Shipment ${shipmentId} has no signature request ${requestId}.`);
}

/** A new link replacing a pending one (resendSignatureRequest); raises `not_found`, `conflict`. */
export async function resendSignLinkAct(ctx: TenantContext, shipmentId: string, requestId: string) {
  await assertRequestOf(ctx, shipmentId, requestId);
  return recorded(ctx, 'signature_request.resent', requestTarget, resendSignatureRequest(ctx, requestId), (r) => ({ shipment_id: r.shipment_id, role: r.role, replaces: requestId }));
}

/** Revokes a pending link (revokeSignatureRequest); raises `not_found`, `conflict`. */
export async function revokeSignLinkAct(ctx: TenantContext, shipmentId: string, requestId: string) {
  await assertRequestOf(ctx, shipmentId, requestId);
  return recorded(ctx, 'signature_request.revoked', requestTarget, revokeSignatureRequest(ctx, requestId), (r) => ({ shipment_id: r.shipment_id, role: r.role }));
}

/**
 * Issues the e-invoice of a delivered shipment (issueInvoice); raises `not_found`,
 * `invoice_not_available`, `invoice_incomplete`. An invoice issued before is returned and not recorded again.
 */
export async function issueInvoiceAct(ctx: TenantContext, shipmentId: string): Promise<{ invoice: InvoiceSummary; created: boolean }> {
  const result = await issueInvoice(ctx, shipmentId, {});
  if (result.created) await recordTenantAct(ctx.db, ctx, { action: 'invoice.issued', target: { type: 'invoice', id: result.invoice.id }, changes: { shipment_id: shipmentId, number: result.invoice.number } });
  return result;
}
