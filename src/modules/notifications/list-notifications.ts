/**
 * GET /v1/notifications: the e-mail and SMS sent for the organisation and mode, newest first. With
 * `recipient`, only those to that person: the address is hashed as it was when sent and matched on
 * the hash, so the organisation can answer "did you message this person?" without the service
 * keeping, or answering with, the address.
 */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { ListNotificationsQuery } from './notification.schema.js';
import { notificationView, type NotificationView } from './notification-view.js';
import { selectNotifications } from './notifications.repository.js';
import { recipientHash } from './recipient-privacy.js';

export async function listNotifications(ctx: TenantContext, query: ListNotificationsQuery): Promise<Page<NotificationView>> {
  const hash = query.recipient === undefined ? undefined : recipientHash(ctx.secrets.urls, query.recipient.includes('@') ? 'email' : 'sms', query.recipient);
  const list = `notifications:${query.channel ?? '*'}:${query.status ?? '*'}:${query.shipment_id ?? '*'}:${hash ?? '*'}`;
  return listPage(ctx, list, query, (window) => selectNotifications(ctx.db, ctx, { channel: query.channel, status: query.status, shipmentId: query.shipment_id, recipientHash: hash, ...window }), notificationView);
}
