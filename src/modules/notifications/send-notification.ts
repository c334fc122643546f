/**
 * Sends one message through the notifier and records it: a notification row with the recipient
 * hashed and masked, its status (`sent` when a provider took it, `not_configured` when no provider
 * is configured for the channel and it went to the outbox table only, `failed` with the reason
 * when the provider refused), and the
 * `notifications` usage meter for the UTC day and channel (not for a refused message). The message text (it may hold a sign link) is not kept.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import type { Mode } from '../../core/mode.js';
import { writeAsOneStatement, type Database, type Write } from '../../ports/database.js';
import type { OutgoingMessage } from '../../ports/notifier.js';
import { usageWrite } from '../usage/record-usage.js';
import { recipientHash, recipientHint } from './recipient-privacy.js';
import type { NotificationRow } from './notifications.repository.js';

export interface Notification {
  channel: 'email' | 'sms';
  to: string;
  template: string;
  language: string;
  subject: string;
  text: string;
  shipmentId?: string;
  signatureRequestId?: string;
}

export async function sendNotification(ctx: TenantContext, n: Notification): Promise<NotificationRow> {
  const { row } = await deliverNotification(ctx, n, { channel: n.channel, to: n.to, subject: n.subject, text: n.text });
  await writeAsOneStatement(ctx.db, notificationWrites(ctx.db, ctx, row));
  return row;
}

/**
 * Sends `message` and returns the row that records it, unwritten: for a caller that commits it in a
 * transaction of its own (an invitation) with `notificationWrites`. `error` is what the notifier threw.
 */
export async function deliverNotification(
  ctx: TenantContext,
  n: Pick<Notification, 'channel' | 'to' | 'template' | 'language' | 'shipmentId' | 'signatureRequestId'>,
  message: OutgoingMessage,
): Promise<{ row: NotificationRow; error?: unknown }> {
  const now = ctx.clock.now();
  let status: NotificationRow['status'];
  let reference: string | null = null;
  let error: unknown;
  try {
    ({ reference, status } = await ctx.notifier.send(message));
  } catch (e) {
    status = 'failed';
    error = e;
  }
  const row: NotificationRow = {
    id: newId('notification', now),
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    channel: n.channel,
    template: n.template,
    language: n.language,
    recipient_hash: recipientHash(ctx.secrets.urls, n.channel, n.to),
    recipient_hint: recipientHint(n.channel, n.to),
    status,
    provider_reference: reference,
    error: error === undefined ? null : error instanceof Error ? error.message : String(error),
    shipment_id: n.shipmentId ?? null,
    signature_request_id: n.signatureRequestId ?? null,
    created_at: now,
  };
  return error === undefined ? { row } : { row, error };
}

/** The row and, unless the provider refused the message, its count in usage: written together. */
export function notificationWrites(db: Database, tenant: { organizationId: string; mode: Mode }, row: NotificationRow): Write[] {
  const insert = db.insertInto('notifications').values(row);
  return row.status === 'failed' ? [insert] : [insert, usageWrite(db, tenant, 'notifications', row.created_at, 1, row.channel)];
}
