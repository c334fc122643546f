-- Webhook deliveries (issue 4): one row per (event, endpoint), written by the statement that writes
-- the event, so an event is never without its deliveries. Workers claim due rows as leases
-- (`locked_until`); the attempt runs with no transaction open and a second statement records it.
--
-- `attempts` counts started attempts, `failures` answered-or-timed-out failures: an attempt cut
-- short by a crashed worker shows in the log as interrupted and does not use up the schedule
-- (eight failures end a delivery). `body` is the envelope exactly as signed and sent; a replay
-- copies it, so the receiver gets the same bytes and the same event id.
CREATE TABLE webhook_deliveries (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  endpoint_id      text NOT NULL REFERENCES webhook_endpoints (id),
  event_id         text NOT NULL,
  event_type       text NOT NULL,
  body             text NOT NULL,
  origin           text NOT NULL CHECK (origin IN ('event', 'replay', 'ping')),
  replay_of        text,
  status           text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'dead')),
  attempts         integer NOT NULL DEFAULT 0,
  failures         integer NOT NULL DEFAULT 0,
  max_attempts     integer NOT NULL,
  next_attempt_at  timestamptz,
  locked_until     timestamptz,
  last_attempt_at  timestamptz,
  request_headers  jsonb,
  response_status  integer,
  response_body    text,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_list ON webhook_deliveries (organization_id, mode, id);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (organization_id, mode, endpoint_id, id);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- Settling a dead letter asks whether the same event later reached the same endpoint.
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (endpoint_id, event_id);
-- The hourly purge drops finished deliveries past the 90-day retention.
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at) WHERE status <> 'pending';

-- Every attempt: inserted when a worker claims the delivery, completed when the answer (or the
-- error) is recorded. A row that never completed was cut short by a crash.
CREATE TABLE webhook_delivery_attempts (
  delivery_id      text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  number           integer NOT NULL,
  started_at       timestamptz NOT NULL,
  finished_at      timestamptz,
  duration_ms      integer,
  response_status  integer,
  response_body    text,
  error            text,
  PRIMARY KEY (delivery_id, number)
);

-- The dead-letter queue: one record per delivery that failed its eighth attempt. It waits there
-- for a replay; after the hold period (docs/webhooks.md) an hourly job settles it: resolved when
-- a later delivery of the same event to the same endpoint succeeded, otherwise the delivery
-- becomes `dead`.
CREATE TABLE webhook_dead_letters (
  delivery_id      text PRIMARY KEY REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  organization_id  text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  endpoint_id      text NOT NULL,
  event_id         text NOT NULL,
  created_at       timestamptz NOT NULL,
  settled_at       timestamptz,
  outcome          text CHECK (outcome IN ('resolved', 'dead'))
);
CREATE INDEX webhook_dead_letters_open ON webhook_dead_letters (created_at) WHERE settled_at IS NULL;
