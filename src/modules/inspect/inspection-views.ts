/**
 * CONTRACT STUB (issue 16): one row per answer on a known inspection token, gate request or
 * federated read (2025/2243 Art. 3 audit). Owned by the inspection work; replaced there.
 */
import type { Services } from '../../core/context.js';
import type { Mode } from '../../core/mode.js';

export type InspectionChannel = 'json' | 'page' | 'gate' | 'federated';

export interface InspectionViewInput {
  organization_id: string;
  mode: Mode;
  shipment_id: string;
  channel: InspectionChannel;
  ip: string | null;
  user_agent: string | null;
  language: string | null;
  /** `ok`, or the error code answered (`token_expired`, `token_revoked`, `unauthorized`…). */
  outcome: string;
  /** Who looked, where known: the gate id, the grantee platform id. */
  viewer: string | null;
  /** Channel details: eFTI subsets asked for by the gate, the delegation id. */
  details?: Record<string, unknown>;
}

export async function recordInspectionView(_services: Services, _view: InspectionViewInput): Promise<void> {
  // Stub: the inspection work stores the row and records `shipment.inspected`.
}
