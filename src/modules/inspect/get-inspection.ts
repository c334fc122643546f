/**
 * GET /v1/inspect/{token}: the inspection document of the note behind the link, without an API
 * key. Raises 429 `rate_limited`, 404 `not_found` and 410 `token_expired` (open-inspection.ts says
 * when); every answer on a known token is logged as a `json` view, in the language its
 * Accept-Language picks among the page's (null when none).
 */
import type { Services } from '../../core/context.js';
import { pickLanguage } from '../../core/language.js';
import { inspectionDocument, type InspectionDocument } from './inspection-document.js';
import { INSPECTION_LANGUAGES, judgeInspection, logInspectionView, refusalError, refusedShipment, type InspectionRequest } from './inspection-request.js';

export async function getInspection(services: Services, request: InspectionRequest): Promise<InspectionDocument> {
  const opened = await judgeInspection(services, request);
  const language = pickLanguage(request.acceptLanguage, INSPECTION_LANGUAGES);
  if (opened.outcome !== 'ok') {
    const shipment = refusedShipment(opened);
    if (shipment) await logInspectionView(services, request, shipment, { channel: 'json', language, outcome: opened.outcome });
    throw refusalError(opened);
  }
  const document = await inspectionDocument(services, opened.shipment, request.options, opened.state);
  await logInspectionView(services, request, opened.shipment, { channel: 'json', language, outcome: 'ok' });
  return document;
}
