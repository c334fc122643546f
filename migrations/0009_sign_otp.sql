-- One-time passwords on sign links (issue 6).
--
-- A link may require a one-time password at signing: sent to the same recipient when the signer
-- asks for it, so a forwarded link alone does not sign. The recipient is kept sealed (AES-256-GCM
-- under a service key) while the request can still be signed, to send codes to, and cleared when
-- it ends. Codes and verified tokens are stored only as keyed hashes.
ALTER TABLE signature_requests ADD COLUMN otp_required boolean NOT NULL DEFAULT false;
ALTER TABLE signature_requests ADD COLUMN recipient_sealed text;
ALTER TABLE signature_requests ADD COLUMN otp_code_hash text;
ALTER TABLE signature_requests ADD COLUMN otp_code_expires_at timestamptz;
ALTER TABLE signature_requests ADD COLUMN otp_token_hash text;
ALTER TABLE signature_requests ADD COLUMN otp_token_expires_at timestamptz;

-- Wrong codes per recipient: five in a row within a ten-minute window lock the recipient until
-- the window ends (service description, Limits).
CREATE TABLE otp_locks (
  recipient_hash     text PRIMARY KEY,
  window_started_at  timestamptz NOT NULL,
  failures           integer NOT NULL,
  locked_until       timestamptz
);
