-- Tours (issue 19, point 1): one driver's run over several shipments of one organisation and mode.
-- The stops are kept as one JSON array in driving order (each with its shipment, kind, status and
-- completion), because they are always read and rewritten together with the tour under its row
-- lock. driver_phone is copied out of `driver` for the list filter and, later, the driver sign-in.
CREATE TABLE tours (
  id                   text PRIMARY KEY,
  organization_id      text NOT NULL REFERENCES organizations (id),
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  status               text NOT NULL CHECK (status IN ('planned', 'in_progress', 'completed', 'cancelled')),
  name                 text NOT NULL,
  date                 text NOT NULL,
  driver               jsonb NOT NULL,
  driver_phone         text NOT NULL,
  vehicle              jsonb,
  stops                jsonb NOT NULL,
  warnings             jsonb NOT NULL,
  cancellation_reason  text,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL,
  started_at           timestamptz,
  completed_at         timestamptz,
  cancelled_at         timestamptz
);
CREATE INDEX tours_list ON tours (organization_id, mode, id);
CREATE INDEX tours_by_date ON tours (organization_id, mode, date, id);
CREATE INDEX tours_by_driver_phone ON tours (organization_id, mode, driver_phone, id);
