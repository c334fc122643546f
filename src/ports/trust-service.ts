/**
 * Trust service port: a (qualified) trust service provider that identifies a signer and signs a
 * hash for them, shaped after the Cloud Signature Consortium API v2 — `credentials/authorize`
 * (activation data, the SAD, for a credential), `credentials/info` (its key algorithms and
 * certificate) and `signatures/signHash` (hashes in, signature values out). Sign links at level
 * `ades` or `qes` go through it (service description, Authentication 9). Adapters: the sandbox
 * simulator (every `test`-mode request) and the HTTP CSC client of a configured provider (live).
 *
 * Every method rejects when the provider refuses or cannot be reached; the domain answers that as
 * 503 `qtsp_unavailable`.
 */

/** OID of SHA-256, the hash algorithm of every hash the service asks to sign. */
export const SHA256_OID = '2.16.840.1.101.3.4.2.1';

export interface SignerIdentity {
  /** The name the signer gives, as on their identity document. */
  name: string;
  /** `YYYY-MM-DD`. */
  birthDate: string;
  level: 'ades' | 'qes';
}

export interface Identification {
  /** The provider's name (CSC `info.name`). */
  provider: string;
  /** The provider's reference of this identification, kept in the evidence. */
  reference: string;
  /** The credential (signing key and certificate) that signs for the signer. */
  credentialId: string;
  /** Activation data of the credential for one signature (CSC `SAD`): a secret until used. */
  activationData: string;
  /** The signature algorithm to ask for (an OID of CSC `key.algo`). */
  signAlgo: string;
  /** The credential's certificate, base64 DER: verifies the signature values. */
  certificate: string;
}

export interface SignHashRequest {
  credentialId: string;
  activationData: string;
  /** Base64 of each hash to sign. */
  hashes: string[];
  hashAlgorithmOid: string;
  signAlgo: string;
}

export interface TrustService {
  /** Identifies a signer and authorises their credential for one signature; rejects when refused or unreachable. */
  identify(signer: SignerIdentity): Promise<Identification>;
  /** Signs each hash with the credential (CSC `signatures/signHash`): base64 signature values, in order; rejects when refused or unreachable. */
  signHash(request: SignHashRequest): Promise<{ signatures: string[] }>;
}
