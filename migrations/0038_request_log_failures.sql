-- What a failed API call (status 400 or above) sent and got back, for the console's request log
-- (docs/console-pages.md, Request logs): the error code, and both bodies with secrets and personal
-- data replaced by "[redacted]" before they are written (src/modules/request-logs/redact-body.ts),
-- each cut at 16 KB. One row per failed call, beside its request-log batch row, and purged with the
-- request logs after their 30 days.
CREATE TABLE request_log_failures (
  organization_id     text NOT NULL,
  mode                text NOT NULL CHECK (mode IN ('test', 'live')),
  request_id          text NOT NULL,
  created_at          timestamptz NOT NULL,
  error_code          text,
  request_body        text,
  request_truncated   boolean NOT NULL DEFAULT false,
  response_body       text,
  response_truncated  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (organization_id, mode, request_id)
);
CREATE INDEX request_log_failures_age ON request_log_failures USING brin (created_at);
