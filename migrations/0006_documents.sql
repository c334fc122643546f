-- Documents (issue 5): consignment-note PDF versions, attachments and photos of a shipment.
-- The bytes live in the object store (S3 in an EU region, or the file system); a row holds what
-- the API shows and the key the store knows them by, which the API never shows. Every document
-- was caused by an event of its shipment's chain: the note's versions by the fact that changed the
-- note (issue, signature, remark…), an upload by its `shipment.document_added`.
CREATE TABLE documents (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id      text NOT NULL REFERENCES shipments (id),
  kind             text NOT NULL CHECK (kind IN ('consignment_note', 'attachment', 'photo')),
  version          integer NOT NULL CHECK (version >= 1),
  content_type     text NOT NULL,
  size             integer NOT NULL CHECK (size >= 0),
  sha256           text NOT NULL,
  filename         text,
  object_key       text NOT NULL,
  cause_event_id   text NOT NULL,
  cause_event_type text NOT NULL,
  language         text,
  created_at       timestamptz NOT NULL,
  deleted_at       timestamptz
);
-- One row per note version: two requests racing to render the same version cannot both commit.
CREATE UNIQUE INDEX documents_note_version ON documents (shipment_id, version) WHERE kind = 'consignment_note';
CREATE INDEX documents_shipment ON documents (shipment_id, id);

-- The token behind the inspection link printed (as a QR code) on the note: made once, when the
-- shipment is issued, so every version of the note carries the same link.
ALTER TABLE shipments ADD COLUMN inspection_token text;
CREATE UNIQUE INDEX shipments_inspection_token ON shipments (inspection_token) WHERE inspection_token IS NOT NULL;
