/**
 * manifest.json, the export's table of contents (docs/export.md): what was exported, when, by which
 * layout, the SHA-256 of every file, the count of each kind of record, the certificates the sealed
 * PDFs carry, the key that signs the checkpoints, and the hash-chain rule verify.mjs applies.
 */
import { API_VERSION } from '../../core/version.js';
import { EXPORT_SCHEMA_VERSION } from './export-policy.js';
import type { Tenant } from './export-sources.js';

export interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
  /** Lines of a JSON Lines file. */
  records?: number;
  /** A sealed PDF: SHA-256 of the DER certificate its seal carries. */
  seal_certificate_sha256?: string;
}

export interface SealCertificate {
  sha256: string;
  pem: string;
}

/** The key that signs the checkpoints in audit-checkpoints.jsonl (docs/audit-log.md, Checkpoints). */
export interface CheckpointKey {
  alg: string;
  kid: string;
  certificate: string;
}

export const CHAIN_RULE =
  'hash = SHA-256(previous hash + "\\n" + seq + "\\n" + type + "\\n" + created_at + "\\n" + data_sha256), lowercase hex; created_at as ISO 8601 UTC with milliseconds; ' +
  'the previous hash of seq 1 is 64 zeros; data_sha256 = SHA-256 of the canonical JSON of data (keys sorted, no whitespace), trusted as stored only for an event with erased_at set.';

export function buildManifest(input: {
  exportId: string;
  tenant: Tenant;
  exportedAt: Date;
  files: readonly ManifestFile[];
  counts: Record<string, number>;
  sealCertificates: readonly SealCertificate[];
  checkpointKey: CheckpointKey;
}) {
  return {
    schema_version: EXPORT_SCHEMA_VERSION,
    export_id: input.exportId,
    organization_id: input.tenant.organizationId,
    mode: input.tenant.mode,
    exported_at: input.exportedAt.toISOString(),
    service: { name: 'freight-document-service', api_version: API_VERSION },
    verify: 'node verify.mjs <this zip>  (or: unzip -d dir <this zip> && node dir/verify.mjs dir)',
    hash_chain: CHAIN_RULE,
    counts: input.counts,
    seal_certificates: input.sealCertificates,
    checkpoint_key: input.checkpointKey,
    files: input.files,
  };
}
