-- Identification for sign links at level ades or qes (issue 6; service description,
-- Authentication 9): the signer is identified at the trust service, which authorises its
-- credential for one signature; the signer gets an identification token, valid once, for 15
-- minutes, only for its link. The token is stored only as its SHA-256; the trust service's
-- activation data is kept sealed (AES-256-GCM under a service key) until the signature uses it.
-- The name the signer was identified with is kept as a keyed hash: the submit must give the same.
CREATE TABLE sign_identifications (
  id                    text PRIMARY KEY,
  organization_id       text NOT NULL,
  mode                  text NOT NULL CHECK (mode IN ('test', 'live')),
  signature_request_id  text NOT NULL,
  token_hash            text NOT NULL UNIQUE,
  level                 text NOT NULL CHECK (level IN ('ades', 'qes')),
  signer_name_hash      text NOT NULL,
  provider              text NOT NULL,
  provider_reference    text NOT NULL,
  credential_id         text NOT NULL,
  sign_algo             text NOT NULL,
  activation_sealed     text,
  expires_at            timestamptz NOT NULL,
  used_at               timestamptz,
  created_at            timestamptz NOT NULL
);
CREATE INDEX sign_identifications_request ON sign_identifications (signature_request_id);

-- A signature given through the trust service keeps the provider's signature over the SHA-256 of
-- the version shown (provider, credential, algorithms, signature value) in its evidence.
ALTER TABLE signatures ADD COLUMN trust_signature jsonb;
