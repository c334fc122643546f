-- Audit log (issue 18, point 4): every administrative act of an organisation (API keys, webhook
-- endpoints, live clearance, invoicing profile; console sign-in and members later), kept two years.
--
-- Chain: rows are hash-chained per organisation and mode (src/modules/audit-log/audit-chain.ts):
--   hash = SHA-256(prev_hash "\n" seq "\n" action "\n" created_at "\n" data_sha256)
-- with data_sha256 the SHA-256 of the canonical JSON of {actor, target, changes, ip, user_agent}.
-- audit_chain_heads keeps the head (seq, hash) and the anchor (anchor_seq, anchor_hash): the last
-- row the retention job removed, so the chain stays checkable from the oldest remaining row.
-- Appends lock the head row in the transaction of the act, so concurrent appends never fork.
--
-- Append-only in the database, not only in code: the trigger below refuses every UPDATE, every
-- TRUNCATE, and every DELETE except of a row older than two years by a session that set
-- `SET LOCAL fds.audit_retention = 'on'` in its transaction (the purge-audit-log job does).
-- Plain PL/pgSQL, so PostgreSQL and PGlite run the same migration.
CREATE TABLE audit_log (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  -- An act on something of one mode (a live key, a test webhook endpoint) belongs to that mode;
  -- organisation-wide acts: live clearance is `live`.
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  seq              bigint NOT NULL,
  action           text NOT NULL,
  -- {type: api_key|cli|user|system, id?, note?}; actor_id repeats the id (or the type, for cli and
  -- system) for the filter.
  actor            jsonb NOT NULL,
  actor_id         text,
  target_type      text NOT NULL,
  target_id        text NOT NULL,
  ip               text,
  user_agent       text,
  -- A summary of what changed; never a secret (no key, no signing secret, no token).
  changes          jsonb NOT NULL,
  created_at       timestamptz NOT NULL,
  data_sha256      text NOT NULL,
  prev_hash        text NOT NULL,
  hash             text NOT NULL,
  UNIQUE (organization_id, mode, seq)
);
CREATE INDEX audit_log_list ON audit_log (organization_id, mode, id);
CREATE INDEX audit_log_created ON audit_log (created_at);

CREATE TABLE audit_chain_heads (
  organization_id  text NOT NULL REFERENCES organizations (id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  seq              bigint NOT NULL,
  hash             text NOT NULL,
  anchor_seq       bigint NOT NULL DEFAULT 0,
  anchor_hash      text NOT NULL DEFAULT '0000000000000000000000000000000000000000000000000000000000000000',
  PRIMARY KEY (organization_id, mode)
);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('fds.audit_retention', true) = 'on'
     AND OLD.created_at < now() - interval '2 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- "From what exists already": organisations that exist now get rows for their API keys, webhook
-- endpoints, live clearance and invoicing profiles, with their original times and the actor
-- {type: system, note: backfilled}. The hashes need the service's canonical JSON, so the rows are
-- written by code (src/modules/audit-log/backfill-audit-log.ts): at start, and before the first
-- new act of such an organisation, whichever comes first; each organisation's row here is deleted
-- in the transaction that writes its rows.
CREATE TABLE audit_backfill_pending (
  organization_id  text PRIMARY KEY REFERENCES organizations (id)
);
INSERT INTO audit_backfill_pending (organization_id) SELECT id FROM organizations;
