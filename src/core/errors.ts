/**
 * The error catalogue: every `code` of the service description's error table (section Errors),
 * with its HTTP status and its title in English, Dutch, German, French and Polish. The API's
 * problem+json is titled in English, or Dutch when asked (the spec's two); the console's pages
 * show the title in the member's language. Nothing else in the code base decides a status for a
 * code; `src/http/problem.ts` builds the problem+json body from this table.
 */
import type { Finding } from './findings.js';

interface CatalogueEntry {
  readonly status: number;
  readonly title: string;
  readonly title_nl: string;
  readonly title_de: string;
  readonly title_fr: string;
  readonly title_pl: string;
}

export const ERROR_CATALOGUE = {
  // A query parameter or header that is wrong, missing or in a combination that does not exist.
  bad_request: { status: 400, title: 'Bad request', title_nl: 'Ongeldig verzoek', title_de: 'Ungültige Anfrage', title_fr: 'Requête incorrecte', title_pl: 'Nieprawidłowe żądanie' },
  // A `cursor` we did not issue, that was tampered with, that belongs to another list, or expired.
  invalid_cursor: { status: 400, title: 'Invalid cursor', title_nl: 'Ongeldige cursor', title_de: 'Ungültiger Cursor', title_fr: 'Curseur invalide', title_pl: 'Nieprawidłowy kursor' },
  // An identifier of the wrong shape, in the path or in the body.
  invalid_id: { status: 400, title: 'Invalid identifier', title_nl: 'Ongeldige identificatie', title_de: 'Ungültige Kennung', title_fr: 'Identifiant invalide', title_pl: 'Nieprawidłowy identyfikator' },
  // The body is not valid JSON.
  malformed_json: { status: 400, title: 'Malformed JSON', title_nl: 'Ongeldige JSON', title_de: 'Fehlerhaftes JSON', title_fr: 'JSON mal formé', title_pl: 'Nieprawidłowy format JSON' },
  // A key that is unknown, revoked, malformed or of another environment.
  invalid_api_key: { status: 401, title: 'Invalid API key', title_nl: 'Ongeldige API-sleutel', title_de: 'Ungültiger API-Schlüssel', title_fr: 'Clé API invalide', title_pl: 'Nieprawidłowy klucz API' },
  // No `Authorization: Bearer` key sent.
  unauthorized: { status: 401, title: 'Unauthorized', title_nl: 'Niet geautoriseerd', title_de: 'Nicht autorisiert', title_fr: 'Non autorisé', title_pl: 'Brak autoryzacji' },
  // A valid key on a route API keys may never use (console-only routes); a signed download link that was edited.
  forbidden: { status: 403, title: 'Forbidden', title_nl: 'Verboden', title_de: 'Zugriff verweigert', title_fr: 'Accès refusé', title_pl: 'Brak dostępu' },
  // The key lacks the scope the route requires.
  insufficient_scope: { status: 403, title: 'Insufficient scope', title_nl: 'Onvoldoende bevoegdheid', title_de: 'Unzureichende Berechtigung', title_fr: 'Autorisation insuffisante', title_pl: 'Niewystarczające uprawnienia' },
  // A live key of an organisation that is not cleared for live.
  live_not_enabled: { status: 403, title: 'Live mode not enabled', title_nl: 'Live-modus niet geactiveerd', title_de: 'Produktivmodus nicht freigeschaltet', title_fr: 'Mode production non activé', title_pl: 'Tryb produkcyjny nieaktywny' },
  // A live key on a sandbox-only route.
  test_mode_only: { status: 403, title: 'Test mode only', title_nl: 'Alleen in testmodus', title_de: 'Nur in der Testumgebung', title_fr: 'Bac à sable uniquement', title_pl: 'Tylko w piaskownicy' },
  // Bot-check token of the public validator or contact form missing, expired or reused.
  botcheck_failed: { status: 403, title: 'Bot check failed', title_nl: 'Botcontrole mislukt', title_de: 'Bot-Prüfung fehlgeschlagen', title_fr: 'Échec de la vérification anti-robot', title_pl: 'Weryfikacja antybotowa nie powiodła się' },
  // A disposal instruction from a party that does not hold the right of disposal now (CMR art. 12); `errors` names the rule and its article.
  disposal_not_entitled: { status: 403, title: 'Not entitled to dispose of the goods', title_nl: 'Geen beschikkingsrecht over de goederen', title_de: 'Kein Verfügungsrecht über die Güter', title_fr: 'Pas de droit de disposition des marchandises', title_pl: 'Brak prawa rozporządzania towarem' },
  // A console session without its second factor.
  two_factor_required: { status: 403, title: 'Two-factor authentication required', title_nl: 'Tweestapsverificatie vereist', title_de: 'Zwei-Faktor-Authentifizierung erforderlich', title_fr: 'Authentification à deux facteurs requise', title_pl: 'Wymagane uwierzytelnianie dwuskładnikowe' },
  // Invoice asked for before delivery.
  invoice_not_available: { status: 404, title: 'Invoice not available', title_nl: 'Factuur niet beschikbaar', title_de: 'Rechnung nicht verfügbar', title_fr: 'Facture non disponible', title_pl: 'Faktura niedostępna' },
  // Absent, or in another organisation or mode; also an unknown route.
  not_found: { status: 404, title: 'Not found', title_nl: 'Niet gevonden', title_de: 'Nicht gefunden', title_fr: 'Introuvable', title_pl: 'Nie znaleziono' },
  // Proof of delivery asked for before delivery.
  pod_not_available: { status: 404, title: 'Proof of delivery not available', title_nl: 'Afleverbewijs niet beschikbaar', title_de: 'Ablieferungsnachweis nicht verfügbar', title_fr: 'Preuve de livraison non disponible', title_pl: 'Potwierdzenie dostawy niedostępne' },
  // A signature already exists for this role.
  already_signed: { status: 409, title: 'Already signed', title_nl: 'Al ondertekend', title_de: 'Bereits unterschrieben', title_fr: 'Déjà signé', title_pl: 'Już podpisano' },
  // The request conflicts with the current state.
  conflict: { status: 409, title: 'Conflict', title_nl: 'Conflict', title_de: 'Konflikt', title_fr: 'Conflit', title_pl: 'Konflikt' },
  // A consignment-note field changed after issuing.
  field_frozen: { status: 409, title: 'Field frozen', title_nl: 'Veld bevroren', title_de: 'Feld gesperrt', title_fr: 'Champ verrouillé', title_pl: 'Pole zablokowane' },
  // An earlier request with the same Idempotency-Key is still running.
  idempotency_in_progress: { status: 409, title: 'Idempotent request in progress', title_nl: 'Idempotent verzoek nog bezig', title_de: 'Idempotente Anfrage läuft noch', title_fr: 'Requête idempotente en cours', title_pl: 'Żądanie idempotentne w toku' },
  // The same Idempotency-Key with a different body.
  idempotency_key_reused: { status: 409, title: 'Idempotency key reused', title_nl: 'Idempotentiesleutel hergebruikt', title_de: 'Idempotenzschlüssel wiederverwendet', title_fr: 'Clé d’idempotence réutilisée', title_pl: 'Ponownie użyty klucz idempotencji' },
  // The shipment's status makes the operation meaningless.
  invalid_state: { status: 409, title: 'Invalid state', title_nl: 'Ongeldige status', title_de: 'Ungültiger Status', title_fr: 'État invalide', title_pl: 'Nieprawidłowy stan' },
  // The state machine forbids the transition.
  invalid_transition: { status: 409, title: 'Invalid transition', title_nl: 'Ongeldige statusovergang', title_de: 'Ungültiger Statusübergang', title_fr: 'Changement de statut invalide', title_pl: 'Niedozwolona zmiana statusu' },
  // A delivery of goods stopped by an accepted disposal instruction of kind `stop` (CMR art. 12(1)): a tour's delivery stop marked done, the consignee's signature or handoff on the driver's phone.
  goods_stopped: { status: 409, title: 'Goods stopped', title_nl: 'Goederen tegengehouden', title_de: 'Güter angehalten', title_fr: 'Marchandises arrêtées', title_pl: 'Towar wstrzymany' },
  // A tour stop marked done without the signatures its kind needs (pickup: carrier and consignor; delivery: consignee) and without a reason for their absence; `errors` names each missing role.
  signatures_missing: { status: 409, title: 'Signatures missing', title_nl: 'Handtekeningen ontbreken', title_de: 'Unterschriften fehlen', title_fr: 'Signatures manquantes', title_pl: 'Brak podpisów' },
  // An issued invoice changed other than by a credit note (POST /v1/shipments/{id}/invoice/credit-notes).
  invoice_immutable: { status: 409, title: 'Invoice immutable', title_nl: 'Factuur niet meer wijzigbaar', title_de: 'Rechnung nicht mehr änderbar', title_fr: 'Facture non modifiable', title_pl: 'Faktury nie można już zmienić' },
  // The shipment is delivered or cancelled.
  shipment_immutable: { status: 409, title: 'Shipment immutable', title_nl: 'Zending niet meer wijzigbaar', title_de: 'Sendung nicht mehr änderbar', title_fr: 'Envoi non modifiable', title_pl: 'Przesyłki nie można już zmienić' },
  // A signed download link past its expiry.
  link_expired: { status: 410, title: 'Link expired', title_nl: 'Link verlopen', title_de: 'Link abgelaufen', title_fr: 'Lien expiré', title_pl: 'Link wygasł' },
  // An inspection or signing link past its expiry.
  token_expired: { status: 410, title: 'Token expired', title_nl: 'Token verlopen', title_de: 'Token abgelaufen', title_fr: 'Jeton expiré', title_pl: 'Token wygasł' },
  // A sign link withdrawn by its sender.
  token_revoked: { status: 410, title: 'Token revoked', title_nl: 'Token ingetrokken', title_de: 'Token widerrufen', title_fr: 'Jeton révoqué', title_pl: 'Token unieważniony' },
  // A sign link replaced by a newer one.
  token_rotated: { status: 410, title: 'Token rotated', title_nl: 'Token vervangen', title_de: 'Token ersetzt', title_fr: 'Jeton remplacé', title_pl: 'Token zastąpiony' },
  // The request line, headers or body took longer to arrive than HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS allow.
  request_timeout: { status: 408, title: 'Request timeout', title_nl: 'Verzoek duurde te lang', title_de: 'Zeitüberschreitung der Anfrage', title_fr: 'Délai de requête dépassé', title_pl: 'Przekroczono czas żądania' },
  // A body or file over the route's limit.
  payload_too_large: { status: 413, title: 'Payload too large', title_nl: 'Inhoud te groot', title_de: 'Inhalt zu groß', title_fr: 'Contenu trop volumineux', title_pl: 'Zbyt duża treść' },
  // A Content-Type the route does not accept.
  unsupported_media_type: { status: 415, title: 'Unsupported media type', title_nl: 'Niet-ondersteund mediatype', title_de: 'Nicht unterstützter Medientyp', title_fr: 'Type de média non pris en charge', title_pl: 'Nieobsługiwany typ zawartości' },
  // identification_token unknown, used, older than 15 minutes or for another link.
  identification_invalid: { status: 422, title: 'Identification invalid', title_nl: 'Identificatie ongeldig', title_de: 'Identifizierung ungültig', title_fr: 'Identification invalide', title_pl: 'Nieprawidłowa identyfikacja' },
  // The sign link asks for ades or qes: identify first.
  identification_required: { status: 422, title: 'Identification required', title_nl: 'Identificatie vereist', title_de: 'Identifizierung erforderlich', title_fr: 'Identification requise', title_pl: 'Wymagana identyfikacja' },
  // A fact EN 16931 requires is missing; detail names it.
  invoice_incomplete: { status: 422, title: 'Invoice incomplete', title_nl: 'Factuur onvolledig', title_de: 'Rechnung unvollständig', title_fr: 'Facture incomplète', title_pl: 'Niekompletna faktura' },
  // One-time password wrong, expired or used; also a spent otp_verified_token.
  otp_invalid: { status: 422, title: 'One-time password invalid', title_nl: 'Eenmalige code ongeldig', title_de: 'Einmalcode ungültig', title_fr: 'Code à usage unique invalide', title_pl: 'Nieprawidłowy kod jednorazowy' },
  // The eFTI subset asked for is not projected.
  subset_unknown: { status: 422, title: 'Subset unknown', title_nl: 'Onbekende subset', title_de: 'Unbekannte Teilmenge', title_fr: 'Sous-ensemble inconnu', title_pl: 'Nieznany podzbiór' },
  // Six-digit or recovery code wrong, expired or used (one answer for all three).
  two_factor_invalid: { status: 422, title: 'Two-factor code invalid', title_nl: 'Verificatiecode ongeldig', title_de: 'Bestätigungscode ungültig', title_fr: 'Code de vérification invalide', title_pl: 'Nieprawidłowy kod weryfikacyjny' },
  // The body parses but does not validate; `errors` names each field.
  validation_failed: { status: 422, title: 'Validation failed', title_nl: 'Validatie mislukt', title_de: 'Validierung fehlgeschlagen', title_fr: 'Échec de la validation', title_pl: 'Walidacja nie powiodła się' },
  // Five wrong one-time passwords in a row; Retry-After says until when.
  otp_locked: { status: 429, title: 'One-time password locked', title_nl: 'Eenmalige code geblokkeerd', title_de: 'Einmalcode gesperrt', title_fr: 'Code à usage unique bloqué', title_pl: 'Kod jednorazowy zablokowany' },
  // Over the key's request budget; Retry-After and RateLimit-* say more.
  rate_limited: { status: 429, title: 'Too many requests', title_nl: 'Te veel verzoeken', title_de: 'Zu viele Anfragen', title_fr: 'Trop de requêtes', title_pl: 'Zbyt wiele żądań' },
  // An unexpected failure; nothing internal is told.
  internal_error: { status: 500, title: 'Internal error', title_nl: 'Interne fout', title_de: 'Interner Fehler', title_fr: 'Erreur interne', title_pl: 'Błąd wewnętrzny' },
  // The consignment-note PDF could not be rendered; a retry is safe.
  pdf_render_failed: { status: 500, title: 'PDF rendering failed', title_nl: 'PDF kon niet worden gemaakt', title_de: 'PDF konnte nicht erstellt werden', title_fr: 'Échec de la création du PDF', title_pl: 'Nie udało się utworzyć pliku PDF' },
  // A route declared in the API but not yet built.
  not_implemented: { status: 501, title: 'Not implemented', title_nl: 'Nog niet beschikbaar', title_de: 'Noch nicht verfügbar', title_fr: 'Pas encore disponible', title_pl: 'Jeszcze niedostępne' },
  // The eCMR provider behind the route is not answering.
  provider_unavailable: { status: 502, title: 'Provider unavailable', title_nl: 'Provider niet beschikbaar', title_de: 'Anbieter nicht verfügbar', title_fr: 'Fournisseur indisponible', title_pl: 'Dostawca niedostępny' },
  // No billing provider in this deployment.
  billing_not_configured: { status: 503, title: 'Billing not configured', title_nl: 'Facturatie niet geconfigureerd', title_de: 'Abrechnung nicht eingerichtet', title_fr: 'Facturation non configurée', title_pl: 'Rozliczenia nie są skonfigurowane' },
  // Trust service for ades/qes absent or refused.
  qtsp_unavailable: { status: 503, title: 'Trust service unavailable', title_nl: 'Vertrouwensdienst niet beschikbaar', title_de: 'Vertrauensdienst nicht verfügbar', title_fr: 'Service de confiance indisponible', title_pl: 'Usługa zaufania niedostępna' },
  // Database or key-value store unreachable, or the process is draining.
  service_unavailable: { status: 503, title: 'Service unavailable', title_nl: 'Dienst niet beschikbaar', title_de: 'Dienst nicht verfügbar', title_fr: 'Service indisponible', title_pl: 'Usługa niedostępna' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** The languages the catalogue titles a code in. */
export type TitleLanguage = 'en' | 'nl' | 'de' | 'fr' | 'pl';

/** The title of `code` in `language`: the English one for `en`, else `title_<language>`. */
export function errorTitle(code: ErrorCode, language: TitleLanguage): string {
  const entry: CatalogueEntry = ERROR_CATALOGUE[code];
  return language === 'en' ? entry.title : entry[`title_${language}` as const];
}

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
