/**
 * What the two inspection answers (the JSON and the page) share: the request as the use cases see
 * it, the refusal each judged state becomes, and the view each answer on a known token logs.
 */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { InspectionOptions } from './inspection-document.js';
import { recordInspectionView, type InspectionChannel } from './inspection-views.js';
import { openInspection, type OpenedInspection } from './open-inspection.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';

/** The languages the inspection page speaks: the 24 official languages of the EU (words/*.ts). */
export const INSPECTION_LANGUAGES = ['bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'ga', 'hr', 'hu', 'it', 'lt', 'lv', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'sl', 'sv'] as const;
export type InspectionLanguage = (typeof INSPECTION_LANGUAGES)[number];

export interface InspectionRequest {
  token: string;
  ip: string;
  userAgent: string | null;
  acceptLanguage: string | undefined;
  /** INSPECTION_LINK_GRACE_DAYS. */
  graceDays: number;
  options: InspectionOptions;
}

export type Refused = Exclude<OpenedInspection, { outcome: 'ok' }>;

/** Judges the token; raises `service_unavailable` when the key-value store does not answer. */
export async function judgeInspection(services: Services, request: InspectionRequest): Promise<OpenedInspection> {
  try {
    return await openInspection(services, request.token, request.ip, request.graceDays);
  } catch (error) {
    throw new AppError('service_unavailable', 'The rate-limit store is not answering; retry shortly.', { cause: error });
  }
}

/** The problem a refused request answers. */
export function refusalError(refused: Refused): AppError {
  switch (refused.outcome) {
    case 'not_found':
      return new AppError('not_found', 'No consignment note has this inspection link. Check that the whole link or QR code was read.');
    case 'token_expired':
      return new AppError('token_expired', `This inspection link expired at ${refused.expiredAt.toISOString()}: the transport ended and its grace period is over.`);
    case 'rate_limited':
      return new AppError('rate_limited', `Over 60 inspection requests per minute from this address; retry after ${refused.retryAfterS} s.`, { headers: { 'retry-after': String(refused.retryAfterS) } });
  }
}

/** The shipment a refusal is logged against, if it is to be logged. */
export function refusedShipment(refused: Refused): ShipmentRow | undefined {
  return refused.outcome === 'not_found' ? undefined : refused.shipment;
}

/** Logs one answer on a known token. */
export async function logInspectionView(services: Services, request: InspectionRequest, shipment: ShipmentRow, view: { channel: InspectionChannel; language: string | null; outcome: string }): Promise<void> {
  await recordInspectionView(services, {
    organization_id: shipment.organization_id,
    mode: shipment.mode,
    shipment_id: shipment.id,
    status: shipment.status,
    channel: view.channel,
    ip: request.ip,
    user_agent: request.userAgent,
    language: view.language,
    outcome: view.outcome,
    viewer: null,
  });
}
