/** Tables of the sign-link steps: one-time-password locks and trust-service identifications (the DB interface is in src/adapters/database/schema.ts). */
import type { Timestamp } from '../../ports/database-columns.js';

export interface OtpLocksTable {
  recipient_hash: string;
  window_started_at: Timestamp;
  failures: number;
  locked_until: Timestamp | null;
}

export interface TrustSignature {
  provider: string;
  provider_reference: string;
  credential_id: string;
  hash_algorithm: string;
  sign_algorithm: string;
  /** Base64. */
  signature_value: string;
  /** The credential's certificate, base64 DER: verifies `signature_value` (absent on signatures made before it was kept). */
  certificate?: string;
}

/** An identification at the trust service for one `ades`/`qes` sign link: once, 15 minutes. */
export interface SignIdentificationsTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  signature_request_id: string;
  token_hash: string;
  level: 'ades' | 'qes';
  /** Keyed hash of the name identified: the submit's `signer_name` must match. */
  signer_name_hash: string;
  provider: string;
  provider_reference: string;
  credential_id: string;
  sign_algo: string;
  /** Base64 DER of the credential's certificate; null on identifications made before it was kept. */
  certificate: string | null;
  activation_sealed: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
