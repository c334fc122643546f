-- Invitations to join an organisation (issue 18, point 2; docs/console-auth.md, "Invitations"). A
-- member with members:manage invites an address with a role; the e-mailed link signs that address
-- in once, within 7 days, and makes it a member. Only the token's SHA-256 is stored.
CREATE TABLE invitations (
  id              text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  -- Lower-cased and trimmed, as users.email.
  email           text NOT NULL,
  role            text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
  token_hash      text NOT NULL UNIQUE,
  invited_by      text NOT NULL REFERENCES users (id),
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  accepted_at     timestamptz,
  accepted_by     text REFERENCES users (id),
  revoked_at      timestamptz
);
-- One open invitation per address and organisation: inviting again replaces it (the old link stops working).
CREATE UNIQUE INDEX invitations_open ON invitations (organization_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX invitations_organization ON invitations (organization_id, created_at);
