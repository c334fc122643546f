/** Queries on notification rows (what was sent to whom, the whom kept hashed). */
import type { Selectable } from 'kysely';
import type { NotificationsTable } from './notifications.tables.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database } from '../../ports/database.js';
import type { NotificationStatus } from './notification.schema.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type NotificationRow = Selectable<NotificationsTable>;

export interface NotificationFilter {
  channel?: 'email' | 'sms';
  status?: NotificationStatus;
  shipmentId?: string;
  recipientHash?: string;
  after?: string;
  order: SortOrder;
  limit: number;
}

export async function selectNotifications(db: Database, t: Tenant, f: NotificationFilter): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').selectAll().where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  if (f.channel) query = query.where('channel', '=', f.channel);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.shipmentId) query = query.where('shipment_id', '=', f.shipmentId);
  if (f.recipientHash) query = query.where('recipient_hash', '=', f.recipientHash);
  query = keysetWindow(query, 'id', f);
  return query.execute();
}
