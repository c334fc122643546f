-- The service's database role owns nothing (docs/deploy.md, "Two database roles"): the owner runs
-- these migrations, and after each run the migrator grants the service role plain rights on the
-- ordinary tables and only SELECT and INSERT on the history tables (audit_log, shipment_events, …;
-- the list is src/adapters/database/service-grants.ts). The one deletion the service may make in the
-- audit log, the two-year retention, goes through this function: it runs with its owner's rights
-- (SECURITY DEFINER), removes only rows older than two years by the database's own clock, whatever
-- the caller asks, and moves each chain's anchor to the last row removed. Its search_path is pinned
-- so that a caller's temporary tables or schemas cannot stand in for the real ones.
CREATE FUNCTION purge_audit_log(cutoff timestamptz) RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  removed bigint := 0;
  r record;
BEGIN
  -- The trigger's one allowed path (0025), local to this transaction.
  PERFORM set_config('fds.audit_retention', 'on', true);
  FOR r IN
    WITH gone AS (
      DELETE FROM audit_log WHERE created_at < least(cutoff, now() - interval '2 years')
      RETURNING organization_id, mode, seq, hash)
    SELECT organization_id, mode, max(seq) AS seq, (array_agg(hash ORDER BY seq DESC))[1] AS hash, count(*) AS n
    FROM gone GROUP BY organization_id, mode
  LOOP
    UPDATE audit_chain_heads SET anchor_seq = r.seq, anchor_hash = r.hash
      WHERE organization_id = r.organization_id AND mode = r.mode AND anchor_seq < r.seq;
    removed := removed + r.n;
  END LOOP;
  PERFORM set_config('fds.audit_retention', 'off', true);
  RETURN removed;
END
$$;
-- Functions are executable by everyone unless told: this one only by the roles granted it.
REVOKE EXECUTE ON FUNCTION purge_audit_log(timestamptz) FROM PUBLIC;
