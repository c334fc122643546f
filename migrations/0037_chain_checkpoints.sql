-- Signed checkpoints of the hash chains (docs/audit-log.md, Checkpoints): at a fixed interval and
-- on demand, for each organisation and mode with changes since its last checkpoint, the head of its
-- audit chain and of each shipment chain that changed, sealed with the service's key. Delivered to
-- the organisation (webhook `audit.checkpoint_created`, the export, `GET /v1/audit-log/checkpoints`),
-- so a past rewritten in the database, its chain recomputed and these rows deleted, still fails
-- against the checkpoints the customer holds.
--
-- `checkpoint` is the resource exactly as delivered: the signed fields and `signature`, a detached
-- JWS over their canonical JSON. `audit_seq` repeats the audit head's seq, and
-- chain_checkpoint_shipments one row per shipment head in it, for the queries that find what
-- changed since and which checkpoints name a shipment.
--
-- Append-only like audit_log: UPDATE, DELETE and TRUNCATE are refused.
CREATE TABLE chain_checkpoints (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  created_at       timestamptz NOT NULL,
  audit_seq        bigint NOT NULL,
  checkpoint       jsonb NOT NULL
);
CREATE INDEX chain_checkpoints_list ON chain_checkpoints (organization_id, mode, id);

CREATE TABLE chain_checkpoint_shipments (
  checkpoint_id    text NOT NULL REFERENCES chain_checkpoints (id),
  shipment_id      text NOT NULL,
  seq              bigint NOT NULL,
  PRIMARY KEY (shipment_id, seq, checkpoint_id)
);

CREATE FUNCTION chain_checkpoints_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER chain_checkpoints_append_only BEFORE UPDATE OR DELETE ON chain_checkpoints
  FOR EACH ROW EXECUTE FUNCTION chain_checkpoints_append_only();
CREATE TRIGGER chain_checkpoints_no_truncate BEFORE TRUNCATE ON chain_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION chain_checkpoints_append_only();
CREATE TRIGGER chain_checkpoint_shipments_append_only BEFORE UPDATE OR DELETE ON chain_checkpoint_shipments
  FOR EACH ROW EXECUTE FUNCTION chain_checkpoints_append_only();
CREATE TRIGGER chain_checkpoint_shipments_no_truncate BEFORE TRUNCATE ON chain_checkpoint_shipments
  FOR EACH STATEMENT EXECUTE FUNCTION chain_checkpoints_append_only();
