-- Remarks (issue 7): reservations made at pickup (the carrier's, box 18 of the CMR form) or at
-- delivery (the consignee's), through the API or from a sign link, with up to five photos that
-- were uploaded to the same shipment as documents of kind `photo`. A remark is evidence: it is
-- never changed or deleted, and it names the chain event it emitted (`remark.created`) and the
-- consignment-note version rendered with it.
CREATE TABLE remarks (
  id                   text PRIMARY KEY,
  organization_id      text NOT NULL,
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id          text NOT NULL REFERENCES shipments (id),
  phase                text NOT NULL CHECK (phase IN ('pickup', 'delivery')),
  type                 text NOT NULL CHECK (type IN ('damage', 'shortage', 'delay', 'other')),
  text                 text,
  photo_document_ids   text[] NOT NULL,
  -- Who made it: an API caller, or the holder of a sign link (its role and request).
  source               text NOT NULL CHECK (source IN ('api', 'sign_link')),
  role                 text CHECK (role IN ('consignor', 'carrier', 'consignee', 'successive_carrier')),
  signature_request_id text,
  event_id             text NOT NULL,
  rendered_document_id text NOT NULL,
  created_at           timestamptz NOT NULL
);
CREATE INDEX remarks_shipment ON remarks (shipment_id, id);
