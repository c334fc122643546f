/** GET /v1/notifications: the e-mail and SMS sent for the organisation and mode, newest first. */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import type { ListNotificationsQuery } from './notification.schema.js';
import { notificationView, type NotificationView } from './notification-view.js';
import { selectNotifications } from './notifications.repository.js';

export async function listNotifications(ctx: TenantContext, query: ListNotificationsQuery): Promise<Page<NotificationView>> {
  const scope = cursorScope(ctx, `notifications:${query.channel ?? '*'}:${query.status ?? '*'}:${query.shipment_id ?? '*'}`);
  const page = pageRequest(scope, query);
  const rows = await selectNotifications(ctx.db, ctx, { channel: query.channel, status: query.status, shipmentId: query.shipment_id, after: page.after, order: page.order, limit: page.limit + 1 });
  return toPage(scope, page, rows.map(notificationView));
}
