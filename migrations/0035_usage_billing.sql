-- Issue 21, points 4 to 6: complete usage, inbound billing webhooks, notification lookup by recipient.

-- Usage by level (signatures) and by channel (notifications): a counter row per dimension value;
-- '' where a metric has none. The key grows by the dimension, the shards stay.
ALTER TABLE usage_counters ADD COLUMN dimension text NOT NULL DEFAULT '';
ALTER TABLE usage_counters DROP CONSTRAINT usage_counters_pkey;
ALTER TABLE usage_counters ADD PRIMARY KEY (organization_id, mode, day, metric, dimension, shard);

-- Signatures and notifications before this version were counted without their dimension: count them
-- again from their own rows, which is what the live counters now do (a failed message is not counted).
DELETE FROM usage_counters WHERE metric IN ('signatures', 'notifications');
INSERT INTO usage_counters (organization_id, mode, day, metric, dimension, shard, value)
SELECT organization_id, mode, to_char(signed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'signatures', level, 0, count(*)
FROM signatures GROUP BY 1, 2, 3, 5;
INSERT INTO usage_counters (organization_id, mode, day, metric, dimension, shard, value)
SELECT organization_id, mode, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'notifications', channel, 0, count(*)
FROM notifications WHERE status <> 'failed' GROUP BY 1, 2, 3, 5;

-- storage_bytes becomes the day's net change (stored minus deleted), summed up to a day to give
-- that day's end-of-day total. Deletions were not subtracted before this version: subtract them now,
-- on the day each document was deleted.
INSERT INTO usage_counters (organization_id, mode, day, metric, dimension, shard, value)
SELECT organization_id, mode, to_char(deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'storage_bytes', '', 0, -sum(size)
FROM documents WHERE deleted_at IS NOT NULL GROUP BY 1, 2, 3
ON CONFLICT (organization_id, mode, day, metric, dimension, shard) DO UPDATE SET value = usage_counters.value + excluded.value;

-- "Did you message this person?": the organisation's notifications by recipient hash.
CREATE INDEX notifications_by_recipient ON notifications (organization_id, mode, recipient_hash, id);

-- The billing provider's view of an organisation (one row per organisation, both modes): its plan
-- and subscription status as the last applied webhook event left them. `customer_id` links the
-- provider's customer to the organisation once a subscription event named the organisation.
CREATE TABLE organization_billing (
  organization_id       text PRIMARY KEY REFERENCES organizations (id),
  customer_id           text UNIQUE,
  subscription_id       text,
  plan                  text,
  status                text NOT NULL,
  current_period_end    timestamptz,
  last_invoice          jsonb,
  -- The provider's `created` of the last subscription event applied: an older one arriving late
  -- (the provider does not promise order) does not undo a newer state.
  state_event_created   bigint NOT NULL,
  updated_at            timestamptz NOT NULL
);

-- Every event id received once: a replay (the provider retries until it reads a 2xx) is answered
-- 200 and changes nothing.
CREATE TABLE billing_events (
  id               text PRIMARY KEY,
  type             text NOT NULL,
  organization_id  text,
  outcome          text NOT NULL CHECK (outcome IN ('applied', 'ignored')),
  received_at      timestamptz NOT NULL
);
