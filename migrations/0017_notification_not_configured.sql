-- A message that no provider took (no SMTP server or SMS provider configured, so the embedded
-- notifier wrote it to outbox_messages) is `not_configured`, not `sent`: it never left the service.
-- Rows recorded before this status existed are told apart by their outbox reference.
ALTER TABLE notifications DROP CONSTRAINT notifications_status_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('sent', 'not_configured', 'failed'));
UPDATE notifications SET status = 'not_configured' WHERE status = 'sent' AND provider_reference LIKE 'outbox:%';
