/**
 * The error catalogue: every `code` of the service description's error table (section Errors),
 * with its HTTP status and its English and Dutch title. Nothing else in the code base decides a
 * status for a code; `src/http/problem.ts` builds the problem+json body from this table.
 */
import type { Finding } from './findings.js';

interface CatalogueEntry {
  readonly status: number;
  readonly title: string;
  readonly title_nl: string;
}

export const ERROR_CATALOGUE = {
  // A query parameter or header that is wrong, missing or in a combination that does not exist.
  bad_request: { status: 400, title: 'Bad request', title_nl: 'Ongeldig verzoek' },
  // A `cursor` we did not issue, that was tampered with, that belongs to another list, or expired.
  invalid_cursor: { status: 400, title: 'Invalid cursor', title_nl: 'Ongeldige cursor' },
  // An identifier of the wrong shape, in the path or in the body.
  invalid_id: { status: 400, title: 'Invalid identifier', title_nl: 'Ongeldige identificatie' },
  // The body is not valid JSON.
  malformed_json: { status: 400, title: 'Malformed JSON', title_nl: 'Ongeldige JSON' },
  // A key that is unknown, revoked, malformed or of another environment.
  invalid_api_key: { status: 401, title: 'Invalid API key', title_nl: 'Ongeldige API-sleutel' },
  // No `Authorization: Bearer` key sent.
  unauthorized: { status: 401, title: 'Unauthorized', title_nl: 'Niet geautoriseerd' },
  // A valid key on a route API keys may never use (console-only routes); a signed download link that was edited.
  forbidden: { status: 403, title: 'Forbidden', title_nl: 'Verboden' },
  // The key lacks the scope the route requires.
  insufficient_scope: { status: 403, title: 'Insufficient scope', title_nl: 'Onvoldoende bevoegdheid' },
  // A live key of an organisation that is not cleared for live.
  live_not_enabled: { status: 403, title: 'Live mode not enabled', title_nl: 'Live-modus niet geactiveerd' },
  // A live key on a sandbox-only route.
  test_mode_only: { status: 403, title: 'Test mode only', title_nl: 'Alleen in testmodus' },
  // Bot-check token of the public validator or contact form missing, expired or reused.
  botcheck_failed: { status: 403, title: 'Bot check failed', title_nl: 'Botcontrole mislukt' },
  // A disposal instruction from a party that does not hold the right of disposal now (CMR art. 12); `errors` names the rule and its article.
  disposal_not_entitled: { status: 403, title: 'Not entitled to dispose of the goods', title_nl: 'Geen beschikkingsrecht over de goederen' },
  // A console session without its second factor.
  two_factor_required: { status: 403, title: 'Two-factor authentication required', title_nl: 'Tweestapsverificatie vereist' },
  // Invoice asked for before delivery.
  invoice_not_available: { status: 404, title: 'Invoice not available', title_nl: 'Factuur niet beschikbaar' },
  // Absent, or in another organisation or mode; also an unknown route.
  not_found: { status: 404, title: 'Not found', title_nl: 'Niet gevonden' },
  // Proof of delivery asked for before delivery.
  pod_not_available: { status: 404, title: 'Proof of delivery not available', title_nl: 'Afleverbewijs niet beschikbaar' },
  // A signature already exists for this role.
  already_signed: { status: 409, title: 'Already signed', title_nl: 'Al ondertekend' },
  // The request conflicts with the current state.
  conflict: { status: 409, title: 'Conflict', title_nl: 'Conflict' },
  // A consignment-note field changed after issuing.
  field_frozen: { status: 409, title: 'Field frozen', title_nl: 'Veld bevroren' },
  // An earlier request with the same Idempotency-Key is still running.
  idempotency_in_progress: { status: 409, title: 'Idempotent request in progress', title_nl: 'Idempotent verzoek nog bezig' },
  // The same Idempotency-Key with a different body.
  idempotency_key_reused: { status: 409, title: 'Idempotency key reused', title_nl: 'Idempotentiesleutel hergebruikt' },
  // The shipment's status makes the operation meaningless.
  invalid_state: { status: 409, title: 'Invalid state', title_nl: 'Ongeldige status' },
  // The state machine forbids the transition.
  invalid_transition: { status: 409, title: 'Invalid transition', title_nl: 'Ongeldige statusovergang' },
  // A delivery of goods stopped by an accepted disposal instruction of kind `stop` (CMR art. 12(1)): a tour's delivery stop marked done, the consignee's signature or handoff on the driver's phone.
  goods_stopped: { status: 409, title: 'Goods stopped', title_nl: 'Goederen tegengehouden' },
  // A tour stop marked done without the signatures its kind needs (pickup: carrier and consignor; delivery: consignee) and without a reason for their absence; `errors` names each missing role.
  signatures_missing: { status: 409, title: 'Signatures missing', title_nl: 'Handtekeningen ontbreken' },
  // An issued invoice changed other than by a credit note (POST /v1/shipments/{id}/invoice/credit-notes).
  invoice_immutable: { status: 409, title: 'Invoice immutable', title_nl: 'Factuur niet meer wijzigbaar' },
  // The shipment is delivered or cancelled.
  shipment_immutable: { status: 409, title: 'Shipment immutable', title_nl: 'Zending niet meer wijzigbaar' },
  // A signed download link past its expiry.
  link_expired: { status: 410, title: 'Link expired', title_nl: 'Link verlopen' },
  // An inspection or signing link past its expiry.
  token_expired: { status: 410, title: 'Token expired', title_nl: 'Token verlopen' },
  // A sign link withdrawn by its sender.
  token_revoked: { status: 410, title: 'Token revoked', title_nl: 'Token ingetrokken' },
  // A sign link replaced by a newer one.
  token_rotated: { status: 410, title: 'Token rotated', title_nl: 'Token vervangen' },
  // The request line, headers or body took longer to arrive than HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS allow.
  request_timeout: { status: 408, title: 'Request timeout', title_nl: 'Verzoek duurde te lang' },
  // A body or file over the route's limit.
  payload_too_large: { status: 413, title: 'Payload too large', title_nl: 'Inhoud te groot' },
  // A Content-Type the route does not accept.
  unsupported_media_type: { status: 415, title: 'Unsupported media type', title_nl: 'Niet-ondersteund mediatype' },
  // identification_token unknown, used, older than 15 minutes or for another link.
  identification_invalid: { status: 422, title: 'Identification invalid', title_nl: 'Identificatie ongeldig' },
  // The sign link asks for ades or qes: identify first.
  identification_required: { status: 422, title: 'Identification required', title_nl: 'Identificatie vereist' },
  // A fact EN 16931 requires is missing; detail names it.
  invoice_incomplete: { status: 422, title: 'Invoice incomplete', title_nl: 'Factuur onvolledig' },
  // One-time password wrong, expired or used; also a spent otp_verified_token.
  otp_invalid: { status: 422, title: 'One-time password invalid', title_nl: 'Eenmalige code ongeldig' },
  // The eFTI subset asked for is not projected.
  subset_unknown: { status: 422, title: 'Subset unknown', title_nl: 'Onbekende subset' },
  // Six-digit or recovery code wrong, expired or used (one answer for all three).
  two_factor_invalid: { status: 422, title: 'Two-factor code invalid', title_nl: 'Verificatiecode ongeldig' },
  // The body parses but does not validate; `errors` names each field.
  validation_failed: { status: 422, title: 'Validation failed', title_nl: 'Validatie mislukt' },
  // Five wrong one-time passwords in a row; Retry-After says until when.
  otp_locked: { status: 429, title: 'One-time password locked', title_nl: 'Eenmalige code geblokkeerd' },
  // Over the key's request budget; Retry-After and RateLimit-* say more.
  rate_limited: { status: 429, title: 'Too many requests', title_nl: 'Te veel verzoeken' },
  // An unexpected failure; nothing internal is told.
  internal_error: { status: 500, title: 'Internal error', title_nl: 'Interne fout' },
  // The consignment-note PDF could not be rendered; a retry is safe.
  pdf_render_failed: { status: 500, title: 'PDF rendering failed', title_nl: 'PDF kon niet worden gemaakt' },
  // A route declared in the API but not yet built.
  not_implemented: { status: 501, title: 'Not implemented', title_nl: 'Nog niet beschikbaar' },
  // The eCMR provider behind the route is not answering.
  provider_unavailable: { status: 502, title: 'Provider unavailable', title_nl: 'Provider niet beschikbaar' },
  // No billing provider in this deployment.
  billing_not_configured: { status: 503, title: 'Billing not configured', title_nl: 'Facturatie niet geconfigureerd' },
  // Trust service for ades/qes absent or refused.
  qtsp_unavailable: { status: 503, title: 'Trust service unavailable', title_nl: 'Vertrouwensdienst niet beschikbaar' },
  // Database or key-value store unreachable, or the process is draining.
  service_unavailable: { status: 503, title: 'Service unavailable', title_nl: 'Dienst niet beschikbaar' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export interface AppErrorOptions {
  errors?: Finding[];
  warnings?: Finding[];
  /** Extra response headers, such as Retry-After. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** The one error type domain code raises; only the HTTP layer turns it into a response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: Finding[];
  readonly warnings: Finding[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail?: string, options: AppErrorOptions = {}) {
    super(detail ?? ERROR_CATALOGUE[code].title, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.errors = options.errors ?? [];
    this.warnings = options.warnings ?? [];
    this.headers = options.headers ?? {};
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
