-- The eFTI gate (issue 16; Reg. (EU) 2020/1056, platform API of the EFTI4EU reference gate).
--
-- gate_status on the shipment: NULL while the dataset is not due at a gate (a draft), then
-- `pending` (a registration job is queued or retrying), `registered` (the gate took the last PUT),
-- `failed` (the retries ran out; `efti.registration_failed`), or `not_configured` (no gate for the
-- shipment's mode: no EFTI_* configuration, or a sandbox shipment without EFTI_TEST_GATE_URL).
ALTER TABLE shipments ADD COLUMN gate_status text
  CHECK (gate_status IN ('pending', 'registered', 'failed', 'not_configured'));
-- Shipments issued before this migration were never sent to a gate.
UPDATE shipments SET gate_status = 'not_configured' WHERE status <> 'draft';

-- The datasets a gate was told about: how the platform listener finds a shipment from the
-- `datasetId` of a gate request, across organisations. A row is written before the first PUT, so
-- the gate can only ask about a dataset we registered with it.
CREATE TABLE efti_gate_datasets (
  dataset_id      text PRIMARY KEY,
  organization_id text NOT NULL,
  mode            text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id     text NOT NULL UNIQUE REFERENCES shipments (id),
  -- The last PUT the gate accepted, and the error of the last failed attempt (cleared on success).
  registered_at   timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);

-- Follow-up messages a competent authority sent through its gate (POST /v0/consignments/{datasetId}/follow-up).
-- Kept as received: evidence of what the authority asked, never changed.
CREATE TABLE efti_follow_ups (
  id              text PRIMARY KEY,
  organization_id text NOT NULL,
  mode            text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id     text NOT NULL REFERENCES shipments (id),
  dataset_id      text NOT NULL,
  gate_id         text NOT NULL,
  message         text NOT NULL,
  event_id        text NOT NULL,
  received_at     timestamptz NOT NULL
);
CREATE INDEX efti_follow_ups_shipment ON efti_follow_ups (shipment_id, id);
