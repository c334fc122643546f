-- A change that renders its note before it commits (src/modules/shipments/change-with-render.ts)
-- commits in one statement: its first part updates the shipment only where the chain head is still
-- the one the change was chained from, and the statement reads that part's row count through this
-- function before its other parts run. No row means the head moved during the render: the function
-- aborts the whole statement with serialization_failure (40001), so nothing of it commits and the
-- change is read and rendered again. It reads no table and runs with the caller's rights.
CREATE FUNCTION expect_found(n bigint, what text) RETURNS bigint
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF n = 0 THEN
    RAISE EXCEPTION 'expected row not found: %', what USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN n;
END
$$;
