-- eCMR providers (issue 20, points 2-4): an organisation's ordered routing rules, the durable
-- hand-over of a shipment to another provider, and the inbound provider webhooks (replay receipts
-- and the events kept for review). The catalogue of providers itself is data in the code base
-- (src/modules/providers/catalogue/), enabled per deployment by PROVIDER_* configuration.
CREATE TABLE provider_routing_rules (
  id                   text PRIMARY KEY,
  organization_id      text NOT NULL REFERENCES organizations (id),
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  -- Order of evaluation, from 0 without gaps: the first rule that matches decides.
  position             integer NOT NULL,
  name                 text NOT NULL,
  match                jsonb NOT NULL,
  action               text NOT NULL CHECK (action IN ('keep', 'hand_over')),
  provider_id          text,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL,
  CHECK ((action = 'hand_over') = (provider_id IS NOT NULL))
);
CREATE INDEX provider_routing_rules_order ON provider_routing_rules (organization_id, mode, position);

-- One hand-over per shipment: written with the issue that decided it, then sent by a job
-- (`provider-handover`) with retries; `provider_ref` is the provider's id of the note.
CREATE TABLE provider_handovers (
  id                   text PRIMARY KEY,
  organization_id      text NOT NULL REFERENCES organizations (id),
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id          text NOT NULL UNIQUE REFERENCES shipments (id),
  provider_id          text NOT NULL,
  rule_id              text,
  status               text NOT NULL CHECK (status IN ('pending', 'handed_over', 'failed')),
  provider_ref         text,
  provider_status      text,
  attempts             integer NOT NULL DEFAULT 0,
  last_error           text,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL,
  handed_over_at       timestamptz
);
CREATE UNIQUE INDEX provider_handovers_by_ref ON provider_handovers (provider_id, provider_ref);

-- Replay protection of inbound webhooks: a provider's event id is taken once.
CREATE TABLE provider_webhook_receipts (
  provider_id          text NOT NULL,
  event_id             text NOT NULL,
  received_at          timestamptz NOT NULL,
  PRIMARY KEY (provider_id, event_id)
);
CREATE INDEX provider_webhook_receipts_age ON provider_webhook_receipts (received_at);

-- Inbound events that could not be applied (unknown note, impossible transition): kept, never
-- dropped. Without a known note the tenant is unknown too: organization_id and mode are null.
CREATE TABLE provider_webhook_reviews (
  id                   text PRIMARY KEY,
  organization_id      text,
  mode                 text CHECK (mode IN ('test', 'live')),
  shipment_id          text,
  provider_id          text NOT NULL,
  event_id             text NOT NULL,
  event_type           text NOT NULL,
  reason               text NOT NULL,
  detail               text NOT NULL,
  payload              jsonb NOT NULL,
  received_at          timestamptz NOT NULL
);
CREATE INDEX provider_webhook_reviews_list ON provider_webhook_reviews (organization_id, mode, id);

-- Signatures and remarks a provider reports are recorded with method / source `provider` and the
-- provider's evidence (which provider, its event and note, its own signature record).
ALTER TABLE signatures DROP CONSTRAINT signatures_method_check;
ALTER TABLE signatures ADD CONSTRAINT signatures_method_check CHECK (method IN ('drawn', 'typed', 'platform', 'trust_service', 'provider'));
ALTER TABLE signatures ADD COLUMN provider_evidence jsonb;
ALTER TABLE remarks DROP CONSTRAINT remarks_source_check;
ALTER TABLE remarks ADD CONSTRAINT remarks_source_check CHECK (source IN ('api', 'sign_link', 'provider'));
ALTER TABLE remarks ADD COLUMN provider_evidence jsonb;
