/**
 * GET /inspect/{token}: what the inspection page shows — the inspection document (the same as the
 * JSON, so the two never disagree) in the inspector's language, or why the link cannot be used.
 * The language: `?lang=` when we speak it, else the best of the browser's Accept-Language that we
 * speak, else English (inspection-languages.ts). Every answer on a known token is logged as a `page`
 * view in the language it was shown in.
 */
import type { Services } from '../../core/context.js';
import { inspectionDocument, type InspectionDocument } from './inspection-document.js';
import { inspectionLanguage } from './inspection-languages.js';
import { judgeInspection, logInspectionView, refusalError, refusedShipment, type InspectionLanguage, type InspectionRequest, type Refused } from './inspection-request.js';

export type InspectionPage =
  | { kind: 'note'; language: InspectionLanguage; document: InspectionDocument }
  | { kind: 'refused'; language: InspectionLanguage; code: Refused['outcome']; status: number; headers: Record<string, string>; retryAfterS?: number };

export async function inspectionPage(services: Services, request: InspectionRequest, override: string | undefined): Promise<InspectionPage> {
  const opened = await judgeInspection(services, request);
  if (opened.outcome === 'ok') {
    const document = await inspectionDocument(services, opened.shipment, request.options, opened.state);
    const language = inspectionLanguage(override, request.acceptLanguage);
    await logInspectionView(services, request, opened.shipment, { channel: 'page', language, outcome: 'ok' });
    return { kind: 'note', language, document };
  }
  const shipment = refusedShipment(opened);
  const language = inspectionLanguage(override, request.acceptLanguage);
  if (shipment) await logInspectionView(services, request, shipment, { channel: 'page', language, outcome: opened.outcome });
  const error = refusalError(opened);
  return { kind: 'refused', language, code: opened.outcome, status: error.status, headers: error.headers ?? {}, ...(opened.outcome === 'rate_limited' ? { retryAfterS: opened.retryAfterS } : {}) };
}
