-- Right of disposal (CMR articles 12 and 13; e-CMR Additional Protocol article 5): instructions
-- given by the party entitled to dispose of the goods — stop them, change the place of delivery,
-- deliver to another consignee, return them — and the carrier's answer. An instruction is evidence:
-- who gave it and how they proved it (API key or sign link, IP, user agent), the chain event it
-- emitted (`shipment.disposal_instructed`), and once the carrier decided, the decision's event and
-- (when accepted) the consignment-note version that prints it. Only the decision columns change,
-- once, from `instructed`.
CREATE TABLE disposal_instructions (
  id                   text PRIMARY KEY,
  organization_id      text NOT NULL,
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id          text NOT NULL REFERENCES shipments (id),
  instructing_party    text NOT NULL CHECK (instructing_party IN ('consignor', 'consignee')),
  kind                 text NOT NULL CHECK (kind IN ('stop', 'change_delivery_place', 'change_consignee', 'return')),
  -- The new place of delivery and consignee (as shipment input: a stop and a party), when the kind gives them.
  delivery             jsonb,
  consignee            jsonb,
  text                 text,
  -- How the instructing party was authenticated: an API key acting for it, or its sign link.
  source               text NOT NULL CHECK (source IN ('api_key', 'sign_link')),
  api_key_id           text,
  signature_request_id text,
  ip                   text,
  user_agent           text,
  status               text NOT NULL CHECK (status IN ('instructed', 'accepted', 'refused')),
  refusal_reason       text CHECK (refusal_reason IN ('impossible', 'interferes_with_operations', 'divides_consignment')),
  refusal_text         text,
  event_id             text NOT NULL,
  decision_event_id    text,
  rendered_document_id text,
  created_at           timestamptz NOT NULL,
  decided_at           timestamptz
);
CREATE INDEX disposal_instructions_shipment ON disposal_instructions (shipment_id, id);

-- When the carrier reported the goods arrived at the place designated for delivery (CMR article
-- 13(1)): from then on the consignee, not the sender, disposes of them (article 12(2)).
ALTER TABLE shipments ADD COLUMN arrived_at timestamptz;
