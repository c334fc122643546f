-- Invoices (issue 7): the Peppol e-invoice of a delivered shipment, the seller data it needs, and
-- the counter that numbers invoices without gaps per seller (organisation and mode).

-- What a shipment does not hold about the seller (the carrier, as the organisation invoices):
-- legal name, VAT and registration numbers, Peppol endpoint, account, terms and the number prefix.
-- One row per organisation and mode, replaced whole by PUT /v1/invoicing-profile.
CREATE TABLE invoicing_profiles (
  organization_id text NOT NULL,
  mode            text NOT NULL CHECK (mode IN ('test', 'live')),
  profile         jsonb NOT NULL,
  updated_at      timestamptz NOT NULL,
  PRIMARY KEY (organization_id, mode)
);

-- The last number given per seller. Incremented in the transaction that stores the invoice, so a
-- rolled-back issue gives its number back and the row lock serialises two issues of one seller.
CREATE TABLE invoice_counters (
  organization_id text NOT NULL,
  mode            text NOT NULL CHECK (mode IN ('test', 'live')),
  last_number     integer NOT NULL CHECK (last_number >= 1),
  PRIMARY KEY (organization_id, mode)
);

-- An issued invoice: immutable. The UBL bytes are a document of kind `invoice`; `summary` is the
-- JSON the API shows, computed once at issue.
CREATE TABLE invoices (
  id              text PRIMARY KEY,
  organization_id text NOT NULL,
  mode            text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id     text NOT NULL REFERENCES shipments (id),
  seq             integer NOT NULL CHECK (seq >= 1),
  number          text NOT NULL,
  document_id     text NOT NULL REFERENCES documents (id),
  summary         jsonb NOT NULL,
  created_at      timestamptz NOT NULL
);
-- One invoice per shipment (credit notes come later), one number per seller.
CREATE UNIQUE INDEX invoices_shipment ON invoices (shipment_id);
CREATE UNIQUE INDEX invoices_seller_seq ON invoices (organization_id, mode, seq);

-- Documents may now be invoices; `pod` is named too, so the proof-of-delivery migration and this
-- one leave the same list whichever runs last.
ALTER TABLE documents DROP CONSTRAINT IF EXISTS documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check CHECK (kind IN ('consignment_note', 'attachment', 'photo', 'pod', 'invoice'));
