/**
 * Row types of the signatures module (signatures and sign links): the Kysely view of its tables,
 * beside the code that queries them. src/adapters/database/schema.ts combines every module's into
 * `DB`.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from '../../ports/database-columns.js';
import type { ShipmentOwned } from '../shipments/shipments.tables.js';
import type { TrustSignature } from './sign-steps.tables.js';

/** What an eCMR provider told us of a signature or remark it recorded (docs/providers.md). */
export interface ProviderEvidence {
  provider_id: string;
  event_id: string;
  provider_ref: string;
  occurred_at: string;
  /** The provider's own record, as it sent it. */
  record: Record<string, unknown>;
}

export type SignatureRoleColumn = 'consignor' | 'carrier' | 'consignee' | 'successive_carrier';

export interface SignaturesTable extends ShipmentOwned {
  role: SignatureRoleColumn;
  /** -1 unless the role is `successive_carrier`. */
  successive_index: number;
  phase: 'pickup' | 'delivery';
  method: 'drawn' | 'typed' | 'platform' | 'trust_service' | 'provider';
  level: 'platform_auth' | 'ades' | 'qes';
  signer_name: string;
  document_id: string;
  document_sha256: string;
  signed_at: Timestamp;
  /** When the signer signed on the device, if it was kept offline first (the driver's app); null otherwise. */
  captured_at: Timestamp | null;
  /** A successive carrier's: where it took the goods over, as it said (migration 0040); null otherwise. */
  place: string | null;
  ip: string | null;
  user_agent: string | null;
  location: Json<{ lat: number; lng: number; accuracy_m?: number }> | null;
  otp_reference: string | null;
  identification_reference: string | null;
  image_object_key: string | null;
  event_id: string;
  rendered_document_id: string;
  /** The sign link it was given through, if any, and the link that link was handed off from. */
  signature_request_id: string | null;
  handoff_from: string | null;
  /** The trust service's signature over `document_sha256` (method `trust_service`). */
  trust_signature: Json<TrustSignature> | null;
  /** Made by the sandbox simulation endpoint, not by a person (migration 0022). */
  simulated: Generated<boolean>;
  /** Reported by another eCMR provider (method `provider`, migration 0032): which, its event and its own record. */
  provider_evidence: ColumnType<ProviderEvidence | null, string | null | undefined, string | null>;
}

export interface SignatureRequestsTable extends ShipmentOwned {
  role: SignatureRoleColumn;
  successive_index: number;
  /** `handoff`: minted on a signer's device for the next signer, sent by no channel. */
  channel: 'sms' | 'email' | 'handoff';
  recipient_hash: string;
  recipient_hint: string;
  language: string;
  level: 'platform_auth' | 'ades' | 'qes';
  status: 'pending' | 'completed' | 'revoked' | 'replaced';
  token_hash: string;
  expires_at: Timestamp;
  replaced_by: string | null;
  signature_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  otp_required: Generated<boolean>;
  recipient_sealed: string | null;
  otp_code_hash: string | null;
  otp_code_expires_at: Timestamp | null;
  otp_token_hash: string | null;
  otp_token_expires_at: Timestamp | null;
  /** The link whose holder minted this one (a handoff). */
  handoff_from: string | null;
  /** The sandbox test clock the link follows (its shipment's, or its own; migration 0023); null: real time. */
  test_clock_id: Generated<string | null>;
}
