-- Webhook endpoints (issue 4). The secret signs every delivery (HMAC-SHA256 keyed with the whole
-- `whsec_` string), so it is kept as issued and shown only on creation and rotation. After a
-- rotation the previous secret still signs, beside the new one, until its grace period ends.
-- Deleting an endpoint keeps its row (deleted_at) so the delivery log can still name it.
CREATE TABLE webhook_endpoints (
  id                          text PRIMARY KEY,
  organization_id             text NOT NULL REFERENCES organizations (id),
  mode                        text NOT NULL CHECK (mode IN ('test', 'live')),
  url                         text NOT NULL,
  description                 text,
  events                      jsonb NOT NULL,
  active                      boolean NOT NULL,
  secret                      text NOT NULL,
  previous_secret             text,
  previous_secret_expires_at  timestamptz,
  created_at                  timestamptz NOT NULL,
  updated_at                  timestamptz NOT NULL,
  deleted_at                  timestamptz
);
CREATE INDEX webhook_endpoints_list ON webhook_endpoints (organization_id, mode, id) WHERE deleted_at IS NULL;
