-- Signature requests and sign links (issue 6), and the notifications that carry them.
--
-- A sign link's token is stored only as its SHA-256: the link in the message is the only copy.
-- `status` is stored as pending, completed, revoked or replaced; a pending request past its
-- `expires_at` reads as expired.
CREATE TABLE signature_requests (
  id                text PRIMARY KEY,
  organization_id   text NOT NULL,
  mode              text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id       text NOT NULL REFERENCES shipments (id),
  role              text NOT NULL CHECK (role IN ('consignor', 'carrier', 'consignee', 'successive_carrier')),
  successive_index  integer NOT NULL DEFAULT -1,
  channel           text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient_hash    text NOT NULL,
  recipient_hint    text NOT NULL,
  language          text NOT NULL,
  level             text NOT NULL CHECK (level IN ('platform_auth', 'ades', 'qes')),
  status            text NOT NULL CHECK (status IN ('pending', 'completed', 'revoked', 'replaced')),
  token_hash        text NOT NULL UNIQUE,
  expires_at        timestamptz NOT NULL,
  replaced_by       text,
  signature_id      text,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX signature_requests_shipment ON signature_requests (shipment_id, id);

-- Every message sent: the recipient kept only as a hash (to find a person's messages on request)
-- and a masked hint; never the address or number in clear, never the link.
CREATE TABLE notifications (
  id                text PRIMARY KEY,
  organization_id   text NOT NULL,
  mode              text NOT NULL CHECK (mode IN ('test', 'live')),
  channel           text NOT NULL CHECK (channel IN ('sms', 'email')),
  template          text NOT NULL,
  language          text NOT NULL,
  recipient_hash    text NOT NULL,
  recipient_hint    text NOT NULL,
  status            text NOT NULL CHECK (status IN ('sent', 'failed')),
  provider_reference text,
  error             text,
  shipment_id       text,
  signature_request_id text,
  created_at        timestamptz NOT NULL
);
CREATE INDEX notifications_list ON notifications (organization_id, mode, id);

-- The embedded notifier's mailbox: with no SMTP server or SMS provider configured, messages are
-- written here (in clear: this is the developer's inbox, not a log) instead of being sent.
CREATE TABLE outbox_messages (
  id          bigserial PRIMARY KEY,
  channel     text NOT NULL,
  recipient   text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL
);
