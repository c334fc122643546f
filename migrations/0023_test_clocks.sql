-- Test clocks (issue 17, point 2; docs/sandbox-test-clocks.md): a sandbox-only time that shipments,
-- signature requests and webhook endpoints attached to it follow instead of the real one. A clock
-- is deleted softly: what was attached keeps its times and goes back to real time (the rows keep
-- `test_clock_id`, and every reader joins on `deleted_at is null`).
CREATE TABLE test_clocks (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL,
  mode             text NOT NULL CHECK (mode = 'test'),
  name             text,
  frozen_time      timestamptz NOT NULL,
  created_at       timestamptz NOT NULL,
  deleted_at       timestamptz
);
CREATE INDEX test_clocks_organization ON test_clocks (organization_id, id);

ALTER TABLE shipments ADD COLUMN test_clock_id text REFERENCES test_clocks (id);
ALTER TABLE signature_requests ADD COLUMN test_clock_id text REFERENCES test_clocks (id);
ALTER TABLE webhook_endpoints ADD COLUMN test_clock_id text REFERENCES test_clocks (id);
-- The hourly retention purges look up the rows attached to clocks; live rows never have one.
CREATE INDEX shipments_test_clock ON shipments (test_clock_id) WHERE test_clock_id IS NOT NULL;
CREATE INDEX webhook_endpoints_test_clock ON webhook_endpoints (test_clock_id) WHERE test_clock_id IS NOT NULL;
