-- Console sign-in (issue 18, point 1): people who use the console, the organisations they belong
-- to, the magic links that sign them in and their console sessions. Secrets are never stored: a
-- magic link's token and a session's cookie secret are kept as their SHA-256 only.
CREATE TABLE users (
  id              text PRIMARY KEY,
  -- Lower-cased and trimmed, so that one address is one user however it is typed.
  email           text NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL,
  last_sign_in_at timestamptz
);

-- A user may belong to several organisations; the first user of a new organisation is its owner.
CREATE TABLE memberships (
  user_id         text NOT NULL REFERENCES users (id),
  organization_id text NOT NULL REFERENCES organizations (id),
  role            text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (user_id, organization_id)
);
CREATE INDEX memberships_organization ON memberships (organization_id);

-- Single use, valid 15 minutes. Keyed by the address, not the user: the user is made (or found)
-- when the link is followed, so asking for a link does the same work for known and unknown addresses.
CREATE TABLE magic_links (
  token_hash  text PRIMARY KEY,
  email       text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX magic_links_expires ON magic_links (expires_at);

-- A console session: the cookie holds a random secret, its SHA-256 is `secret_hash`. It ends at
-- `expires_at` (absolute), after CONSOLE_SESSION_IDLE_HOURS without a request (idle, measured from
-- `last_seen_at`, which is written at most once a minute), or when revoked (sign out).
CREATE TABLE console_sessions (
  id              text PRIMARY KEY,
  user_id         text NOT NULL REFERENCES users (id),
  secret_hash     text NOT NULL UNIQUE,
  -- The organisation the console acts in now (one of the user's memberships).
  organization_id text NOT NULL REFERENCES organizations (id),
  user_agent      text,
  created_at      timestamptz NOT NULL,
  last_seen_at    timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  revoked_at      timestamptz
);
CREATE INDEX console_sessions_user ON console_sessions (user_id);
