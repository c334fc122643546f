-- The inspection view log (issue 16): one row per answer on a known inspection token (the JSON at
-- /v1/inspect/{token} and the page at /inspect/{token}), per request of the eFTI gate and per
-- federated read (Impl. Reg. 2025/2243 Art. 3: who read which dataset, which subsets, when). A view
-- changes nothing: it is not in the shipment's event chain, only in the feed as `shipment.inspected`
-- (event_id names it). Rows are never changed.
CREATE TABLE inspection_views (
  id              text PRIMARY KEY,
  organization_id text NOT NULL,
  mode            text NOT NULL CHECK (mode IN ('test', 'live')),
  shipment_id     text NOT NULL REFERENCES shipments (id),
  viewed_at       timestamptz NOT NULL,
  channel         text NOT NULL CHECK (channel IN ('json', 'page', 'gate', 'federated')),
  ip              text,
  user_agent      text,
  language        text,
  -- `ok`, or the code answered (`token_expired`, `rate_limited`, `unauthorized`…).
  outcome         text NOT NULL,
  -- Who looked, where known: the gate id, the grantee platform id.
  viewer          text,
  details         jsonb NOT NULL DEFAULT '{}'::jsonb,
  event_id        text NOT NULL
);
CREATE INDEX inspection_views_shipment ON inspection_views (shipment_id, id);
