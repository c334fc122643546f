/** A notification as the API shows it: never the recipient in clear, never the message. */
import type { NotificationRow } from './notifications.repository.js';

export function notificationView(row: NotificationRow) {
  return {
    id: row.id,
    channel: row.channel,
    template: row.template,
    language: row.language,
    recipient_hash: row.recipient_hash,
    recipient_hint: row.recipient_hint,
    status: row.status,
    error: row.error,
    shipment_id: row.shipment_id,
    signature_request_id: row.signature_request_id,
    created_at: row.created_at.toISOString(),
  };
}

export type NotificationView = ReturnType<typeof notificationView>;
