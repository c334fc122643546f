-- Shipments, their hash-chained events, the organisation event feed and metered usage (issue 3).

-- One row per shipment. `data` holds the input fields as the client last set them (service
-- description, Shipment input); the columns beside it are what the service derives and filters on.
-- `event_seq` and `head_hash` are the chain's head: a deleted tail of `shipment_events` is caught
-- because the head no longer matches.
CREATE TABLE shipments (
  id                   text PRIMARY KEY,
  organization_id      text NOT NULL REFERENCES organizations (id),
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  status               text NOT NULL CHECK (status IN ('draft', 'issued', 'in_transit', 'delivered', 'cancelled')),
  transport_type       text NOT NULL CHECK (transport_type IN ('national', 'international', 'cabotage', 'combined')),
  reference            text,
  data                 jsonb NOT NULL,
  warnings             jsonb NOT NULL,
  cancellation_reason  text,
  event_seq            integer NOT NULL,
  head_hash            text NOT NULL,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL,
  issued_at            timestamptz,
  picked_up_at         timestamptz,
  delivered_at         timestamptz,
  cancelled_at         timestamptz
);
-- Ids are ULIDs, so id order is creation order: the list walks this index newest first.
CREATE INDEX shipments_list ON shipments (organization_id, mode, id);
CREATE INDEX shipments_reference ON shipments (organization_id, mode, reference, id) WHERE reference IS NOT NULL;

-- The chain of one shipment, kept as long as the shipment. `hash` = SHA-256 over the previous
-- hash, seq, type, created_at and data_sha256 (src/modules/events/hash-chain.ts). When personal
-- data in `data` is erased, `erased_at` is set and only then is the stored `data_sha256` trusted.
-- `event_id` is the feed row's id (unique there, and made unique by construction); a second unique
-- index here would be paid on every write.
CREATE TABLE shipment_events (
  shipment_id      text NOT NULL REFERENCES shipments (id),
  seq              integer NOT NULL CHECK (seq >= 1),
  event_id         text NOT NULL,
  organization_id  text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  type             text NOT NULL,
  created_at       timestamptz NOT NULL,
  data             jsonb NOT NULL,
  data_sha256      text NOT NULL,
  hash             text NOT NULL,
  erased_at        timestamptz,
  PRIMARY KEY (shipment_id, seq)
);

-- The organisation-wide feed (service description, events: last 90 days): every event of every
-- kind, purged after 90 days by a scheduled job. Shipment events are written here and into their
-- chain in the same statement; the chain outlives the feed.
CREATE TABLE events (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  type             text NOT NULL,
  shipment_id      text,
  created_at       timestamptz NOT NULL,
  data             jsonb NOT NULL
);
CREATE INDEX events_feed ON events (organization_id, mode, id);
CREATE INDEX events_shipment ON events (organization_id, mode, shipment_id, id) WHERE shipment_id IS NOT NULL;
CREATE INDEX events_created_at ON events USING brin (created_at);

-- Metered usage per UTC day. A counter row per organisation, mode, day and metric would be one hot
-- row that every issuing transaction of a busy organisation waits on; the increment goes to one of
-- a few shards instead, and reading sums them.
CREATE TABLE usage_counters (
  organization_id  text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  day              text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  metric           text NOT NULL,
  shard            smallint NOT NULL,
  value            bigint NOT NULL,
  PRIMARY KEY (organization_id, mode, day, metric, shard)
);
