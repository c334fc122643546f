-- Foundation: organisations, API keys, request logs, idempotency records, the job outbox and
-- service secrets. Plain SQL that both PostgreSQL 15+ and PGlite run.

CREATE TABLE organizations (
  id            text PRIMARY KEY,
  name          text NOT NULL,
  live_enabled  boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL
);

-- Keys are stored as SHA-256 hashes only; `hint` keeps the prefix and last four characters for display.
CREATE TABLE api_keys (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  key_hash         text NOT NULL UNIQUE,
  hint             text NOT NULL,
  scopes           jsonb NOT NULL,
  created_at       timestamptz NOT NULL,
  revoked_at       timestamptz
);
CREATE INDEX api_keys_organization ON api_keys (organization_id, mode);

-- One summary row per API call (service description, request-logs: kept 30 days), never bodies or
-- secrets. Rows arrive at the rate of API calls, so they are stored as batches: each flush writes one
-- row per organisation, mode and up to 1000 calls, with the calls in `entries` (sorted by id) and the
-- distinct values that list filters prune on. Writing a call then costs a share of one row instead of
-- a row and an index entry (issue 2 benchmark); reading decodes the few batches a page needs.
-- `entries` is UTF-8 JSON kept as bytes, an array of [id, method, path, status, duration_ms,
-- api_key_id, created_at epoch ms]: the database stores it without parsing it.
CREATE TABLE request_log_batches (
  organization_id  text NOT NULL,
  mode             text NOT NULL,
  first_id         text NOT NULL,
  last_id          text NOT NULL,
  last_at          timestamptz NOT NULL,
  row_count        integer NOT NULL,
  statuses         integer[] NOT NULL,
  paths            text[] NOT NULL,
  api_key_ids      text[] NOT NULL,
  entries          bytea NOT NULL,
  PRIMARY KEY (organization_id, mode, last_id)
);
CREATE INDEX request_log_batches_first ON request_log_batches (organization_id, mode, first_id);
CREATE INDEX request_log_batches_age ON request_log_batches USING brin (last_at);

-- Idempotency-Key records, scoped by organisation and mode, replayable for 24 hours.
CREATE TABLE idempotency_keys (
  organization_id   text NOT NULL,
  mode              text NOT NULL,
  key               text NOT NULL,
  request_hash      text NOT NULL,
  state             text NOT NULL CHECK (state IN ('running', 'done')),
  locked_until      timestamptz,
  response_status   integer,
  response_headers  jsonb,
  response_body     text,
  created_at        timestamptz NOT NULL,
  expires_at        timestamptz NOT NULL,
  PRIMARY KEY (organization_id, mode, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- The job outbox: rows written in the transaction of a change, claimed by workers as leases.
-- `dedupe_key` makes a scheduled run (one per schedule slot) a single row however many processes enqueue it.
CREATE TABLE jobs (
  id            text PRIMARY KEY,
  kind          text NOT NULL,
  payload       jsonb NOT NULL,
  state         text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  run_at        timestamptz NOT NULL,
  attempts      integer NOT NULL DEFAULT 0,
  max_attempts  integer NOT NULL,
  locked_until  timestamptz,
  last_error    text,
  dedupe_key    text UNIQUE,
  created_at    timestamptz NOT NULL,
  finished_at   timestamptz
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE state = 'pending';

-- Secrets the service makes for itself on first start (cursor signing, signed URLs), shared by all processes.
CREATE TABLE service_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL
);
