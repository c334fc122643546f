/**
 * Sends one message through the notifier and records it: a notification row with the recipient
 * hashed and masked, its status (`sent` when a provider took it, `not_configured` when no provider
 * is configured for the channel and it went to the outbox table only, `failed` with the reason
 * when the provider refused), and the
 * `notifications` usage meter for the UTC day. The message text (it may hold a sign link) is not kept.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { writeAsOneStatement } from '../../ports/database.js';
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
  const now = ctx.clock.now();
  let status: NotificationRow['status'];
  let reference: string | null = null;
  let error: string | null = null;
  try {
    ({ reference, status } = await ctx.notifier.send({ channel: n.channel, to: n.to, subject: n.subject, text: n.text }));
  } catch (e) {
    status = 'failed';
    error = e instanceof Error ? e.message : String(e);
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
    error,
    shipment_id: n.shipmentId ?? null,
    signature_request_id: n.signatureRequestId ?? null,
    created_at: now,
  };
  await writeAsOneStatement(ctx.db, [ctx.db.insertInto('notifications').values(row), usageWrite(ctx.db, ctx, 'notifications', now)]);
  return row;
}
