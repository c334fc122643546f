-- Credit notes: the one way to correct an issued invoice (docs/invoices.md, Credit notes). A credit
-- note is a UBL CreditNote (type 381) referring to the invoice it corrects; it is numbered from the
-- seller's invoice counter, kept as a document of kind `invoice`, and immutable like the invoice.
-- Invoices keep the facts they stated (parties, lines, VAT, allowances and charges), so that a
-- credit note states the same parties and VAT whatever the invoicing profile says later. The
-- seller's contact (BG-6) is a field of the invoicing profile, held in its `profile` document.
ALTER TABLE invoices ADD COLUMN facts jsonb;

CREATE TABLE credit_notes (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  invoice_id       text NOT NULL REFERENCES invoices (id),
  shipment_id      text NOT NULL REFERENCES shipments (id),
  seq              integer NOT NULL,
  number           text NOT NULL,
  document_id      text NOT NULL REFERENCES documents (id),
  summary          jsonb NOT NULL,
  created_at       timestamptz NOT NULL,
  UNIQUE (organization_id, mode, number)
);
CREATE INDEX credit_notes_invoice ON credit_notes (organization_id, mode, invoice_id, created_at);
