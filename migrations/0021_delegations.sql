-- Federated access (issue 16; service description, area "federated access"): a party to a shipment
-- grants another platform read access (and, by scope, remarks) to its one consignment note. The
-- grantee is bound to the X.509 certificate it presents on the mutual-TLS platform listener: its
-- SHA-256 thumbprint (base64url, RFC 8705 `x5t#S256`) is what a read is matched on. `evidence` is
-- the compact JWS the platform seal key signed at grant time; it is kept as issued, never re-signed.
-- A delegation is revoked, never deleted: the chain holds its `delegation.granted` and
-- `delegation.revoked` events, and the row keeps who revoked it and when.
CREATE TABLE delegations (
  id                   text PRIMARY KEY,
  organization_id      text NOT NULL,
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id          text NOT NULL REFERENCES shipments (id),
  grantee_name         text NOT NULL,
  grantee_platform_id  text NOT NULL,
  grantee_certificate  text NOT NULL,
  grantee_thumbprint   text NOT NULL,
  on_behalf_of         text NOT NULL CHECK (on_behalf_of IN ('consignor', 'carrier', 'consignee', 'principal')),
  scope                text[] NOT NULL,
  note_version         integer NOT NULL,
  note_sha256          text NOT NULL,
  granted_by_key_id    text NOT NULL,
  evidence             text NOT NULL,
  grant_event_id       text NOT NULL,
  expires_at           timestamptz NOT NULL,
  revoked_at           timestamptz,
  revoked_by_key_id    text,
  revoke_event_id      text,
  created_at           timestamptz NOT NULL
);
CREATE INDEX delegations_shipment ON delegations (shipment_id, id);
-- The federated listener finds a grantee's delegations by the certificate it presents, across tenants.
CREATE INDEX delegations_thumbprint ON delegations (grantee_thumbprint, shipment_id);
