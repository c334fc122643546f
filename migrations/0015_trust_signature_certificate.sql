-- The certificate of the credential that signs for an identified signer (base64 DER, from the
-- trust service at identification) is kept with the identification and copied into the
-- signature's evidence (trust_signature.certificate), so the signature value can be verified
-- later without asking the provider — and after the sandbox simulator's key is gone.
ALTER TABLE sign_identifications ADD COLUMN certificate text;
