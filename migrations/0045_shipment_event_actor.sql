-- Who caused each event of a shipment's chain (docs/console-pages.md "Timeline"; the `actor` of
-- GET /v1/shipments/{id}/events): {type, id?, role?} by id only (an API key, a console user, a
-- driver session, a sign link and its role, a provider, the eFTI gate, the service), so an erasure
-- of personal data never needs to touch it. It is not part of `data` nor of the hash: webhook
-- payloads and the chain's verification stay as they were. Null on events recorded before. The
-- service role may insert it but never update it (src/adapters/database/service-grants.ts grants
-- UPDATE on this table's `data` and `erased_at` only).
ALTER TABLE shipment_events ADD COLUMN actor jsonb;
