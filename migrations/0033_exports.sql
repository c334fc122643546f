-- GDPR exports (issue 21, point 1): one zip of an organisation's data in one mode, written by a job
-- into the object store. `runner` names the attempt that is writing it and `heartbeat_at` when that
-- attempt last reported progress, so a worker that died is noticed and its export taken over or
-- failed; `runs` bounds how often that may happen. The row and its zip go when `expires_at` passes.
CREATE TABLE exports (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  status           text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  progress         jsonb NOT NULL,
  runner           text,
  runs             integer NOT NULL DEFAULT 0,
  heartbeat_at     timestamptz,
  object_key       text,
  size             bigint,
  sha256           text,
  error            text,
  created_at       timestamptz NOT NULL,
  completed_at     timestamptz,
  failed_at        timestamptz,
  expires_at       timestamptz
);
CREATE INDEX exports_list ON exports (organization_id, mode, id);
CREATE INDEX exports_running ON exports (status, heartbeat_at) WHERE status = 'running';
CREATE INDEX exports_expiry ON exports (expires_at) WHERE expires_at IS NOT NULL;
