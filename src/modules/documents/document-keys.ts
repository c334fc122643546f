/**
 * Object keys of documents: namespaced by organisation and mode, so one tenant's objects can be
 * listed, exported or erased by prefix, and a key never names another tenant's bytes.
 */
import type { Mode } from '../../core/mode.js';

export function documentObjectKey(t: { organizationId: string; mode: Mode }, shipmentId: string, documentId: string, extension: string): string {
  return `${t.organizationId}/${t.mode}/shipments/${shipmentId}/${documentId}.${extension}`;
}
