-- The console's second factor (issue 18, point 3; docs/console-auth.md, "Second factor"): one TOTP
-- secret per user (RFC 6238: SHA-1, 30-second steps, six digits), its single-use recovery codes,
-- and on each console session the time it passed the factor.
CREATE TABLE two_factor_credentials (
  user_id       text PRIMARY KEY REFERENCES users (id),
  -- Base32, as the authenticator app holds it: the server must compute the same codes, so it keeps
  -- the secret itself, not a hash (why not encrypted: docs/console-auth.md).
  secret        text NOT NULL,
  created_at    timestamptz NOT NULL,
  -- Null while the enrolment waits for its first code; a pending secret is replaced by re-enrolment.
  confirmed_at  timestamptz,
  -- The last accepted time step (unix seconds / 30): a code of that step or an earlier one is
  -- refused, so a code seen over someone's shoulder cannot be used again within its window.
  last_step     integer
);

-- Ten per user, each usable once; only the SHA-256 of a code is kept (80 random bits each, so a
-- fast hash does not make them guessable from a copy of the table). A new set deletes the old one.
CREATE TABLE two_factor_recovery_codes (
  user_id     text NOT NULL REFERENCES users (id),
  code_hash   text NOT NULL,
  created_at  timestamptz NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- When this session passed the second factor (a code at confirmation or verification); null: not
-- yet. Cleared on every session of the user when the factor is reset.
ALTER TABLE console_sessions ADD COLUMN two_factor_at timestamptz;
