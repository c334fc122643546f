-- Erasure of a data subject's personal data (issue 21, point 3; docs/privacy.md). One row per
-- erasure that ran (dry runs are not stored): the subject only as its kind, never its values, and
-- the report of what was erased where (resources, ids and field paths, no values).
CREATE TABLE privacy_erasures (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  subject_kind     text NOT NULL CHECK (subject_kind IN ('email', 'phone', 'name_address', 'party_reference')),
  report           jsonb NOT NULL,
  created_at       timestamptz NOT NULL
);
CREATE INDEX privacy_erasures_list ON privacy_erasures (organization_id, mode, id);

-- What an erasure could not erase at once because a legal retention duty keeps it (sealed
-- consignment-note versions, proofs of delivery, invoices, the signature images and qualified
-- signature evidence they embed): erased by the purge job (purge-retained-personal-data) once
-- `erase_after` has passed. A resource is pending once, under the first erasure that found it.
CREATE TABLE privacy_retained_items (
  organization_id  text NOT NULL REFERENCES organizations (id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  resource         text NOT NULL CHECK (resource IN ('document', 'signature_image', 'signature_evidence')),
  resource_id      text NOT NULL,
  erasure_id       text NOT NULL REFERENCES privacy_erasures (id),
  shipment_id      text NOT NULL,
  legal_basis      text NOT NULL,
  erase_after      timestamptz NOT NULL,
  purged_at        timestamptz,
  PRIMARY KEY (resource, resource_id)
);
CREATE INDEX privacy_retained_due ON privacy_retained_items (erase_after) WHERE purged_at IS NULL;
