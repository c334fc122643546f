-- Shipment templates (docs/shipment-templates.md): the parties, lane, goods, instructions and charges
-- of a recurring lane, kept per organisation and mode under a name, from which POST /v1/shipments
-- fills a new shipment (`template_id`). The template's fields are one JSON document, always read
-- and rewritten whole; a shipment made from it copies them, so deleting a template (a plain DELETE)
-- changes no shipment.
CREATE TABLE shipment_templates (
  id                   text PRIMARY KEY,
  organization_id      text NOT NULL REFERENCES organizations (id),
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  name                 text NOT NULL,
  data                 jsonb NOT NULL,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX shipment_templates_list ON shipment_templates (organization_id, mode, id);
