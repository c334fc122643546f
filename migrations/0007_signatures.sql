-- Signatures (issue 6): one row per party that signed the consignment note, with its evidence.
-- A role is signed once per shipment (a successive carrier once per position in the list); the
-- unique index makes a second signature for a filled role fail even when two arrive at once.
CREATE TABLE signatures (
  id                      text PRIMARY KEY,
  organization_id         text NOT NULL,
  mode                    text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id             text NOT NULL REFERENCES shipments (id),
  role                    text NOT NULL CHECK (role IN ('consignor', 'carrier', 'consignee', 'successive_carrier')),
  successive_index        integer NOT NULL DEFAULT -1,
  phase                   text NOT NULL CHECK (phase IN ('pickup', 'delivery')),
  method                  text NOT NULL CHECK (method IN ('drawn', 'typed', 'platform', 'trust_service')),
  level                   text NOT NULL CHECK (level IN ('platform_auth', 'ades', 'qes')),
  signer_name             text NOT NULL,
  -- Evidence: the exact PDF version shown to the signer, and how and where it was signed.
  document_id             text NOT NULL,
  document_sha256         text NOT NULL,
  signed_at               timestamptz NOT NULL,
  ip                      text,
  user_agent              text,
  location                jsonb,
  otp_reference           text,
  identification_reference text,
  image_object_key        text,
  -- The chain event it emitted (`signature.completed`) and the note version it rendered.
  event_id                text NOT NULL,
  rendered_document_id    text NOT NULL
);
CREATE UNIQUE INDEX signatures_role ON signatures (shipment_id, role, successive_index);
