-- Driver sign-in and sessions (issue 19, points 2, 3 and 5; docs/driver.md). A driver signs in with
-- the phone a tour names and a one-time password sent to it; the session (12 hours, token kept only
-- as a keyed hash) holds one grant per organisation and mode that had work for the phone, so one
-- organisation's revocation touches its own grant only.
CREATE TABLE driver_sign_in_codes (
  phone_hash  text PRIMARY KEY,
  code_hash   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL
);

CREATE TABLE driver_sessions (
  id             text PRIMARY KEY,
  token_hash     text NOT NULL UNIQUE,
  phone          text NOT NULL,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  signed_out_at  timestamptz,
  ip             text,
  user_agent     text
);

CREATE TABLE driver_session_grants (
  session_id       text NOT NULL REFERENCES driver_sessions (id),
  organization_id  text NOT NULL REFERENCES organizations (id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  revoked_at       timestamptz,
  PRIMARY KEY (session_id, organization_id, mode)
);
CREATE INDEX driver_session_grants_by_tenant ON driver_session_grants (organization_id, mode, session_id);

-- Sign-in looks for open work of a phone across organisations and modes.
CREATE INDEX tours_open_by_phone ON tours (driver_phone, status);

-- When the driver did it on the phone (possibly offline, hours before it reached the service),
-- beside the time the service recorded it.
ALTER TABLE signatures ADD COLUMN captured_at timestamptz;
ALTER TABLE remarks ADD COLUMN captured_at timestamptz;
