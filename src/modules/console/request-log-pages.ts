/**
 * The console's request-log pages: the list of API calls, and one call. A failed call (status 400
 * or above) shows what a developer needs to explain it: the error code and title with a link to
 * the code's documentation (the problem's `type`), the path as called, and the bodies it sent and
 * got back with secrets and personal data redacted, kept as long as the call's log entry. Keys are
 * named by the hint the API keys page shows.
 */
import { ERROR_CATALOGUE, errorTitle, type ErrorCode } from '../../core/errors.js';
import type { Mode } from '../../core/mode.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { REQUEST_LOG_RETENTION_MS } from '../request-logs/purge-request-logs.job.js';
import type { RequestLog } from '../request-logs/request-logs.repository.js';
import type { RequestLogDetail } from '../request-logs/request-logs.schema.js';
import { renderConsoleFrame } from './console-layout.js';
import { codeBlock, esc, filterForm, hrefWith, modeSwitch, pager, selectField, table, textField, timeHtml, zoneOf } from './console-page-parts.js';
import { CONSOLE_FRAME_WORDS, type ConsoleLanguage } from './console-words.js';
import { timeWindowFields, type ListPage } from './log-pages.js';

const DAYS = Math.round(REQUEST_LOG_RETENTION_MS / 86_400_000);

const WORDS = {
  en: {
    requests: 'Request logs',
    request: 'Request',
    time: 'Time',
    method: 'Method',
    path: 'Path',
    route: 'Route',
    routeFilter: 'Route template',
    status: 'Status',
    statusClass: 'Status class',
    error: 'Error',
    duration: 'Duration',
    key: 'API key',
    any: 'any',
    filter: 'Filter',
    note: `API calls made with keys, written in batches: a call shows up within a few seconds. Failed calls (status 400 or above) keep their bodies, with secrets and personal data redacted, for the log's ${DAYS} days.`,
    docs: (code: string) => `What ${code} means`,
    requestBody: 'Request body (redacted)',
    responseBody: 'Response body (redacted)',
    truncated: 'Cut at 16 KB.',
    noBodies: `Bodies are kept only for failed calls (status 400 or above), redacted, for ${DAYS} days.`,
    redaction: 'Keys, tokens, passwords, one-time codes, signature images and photos, and the names, e-mail addresses, phone numbers and addresses of persons are replaced by [redacted] before anything is stored.',
    back: 'Back to the list',
  },
  nl: {
    requests: 'Verzoeklogboek',
    request: 'Verzoek',
    time: 'Tijd',
    method: 'Methode',
    path: 'Pad',
    route: 'Route',
    routeFilter: 'Routesjabloon',
    status: 'Status',
    statusClass: 'Statusklasse',
    error: 'Fout',
    duration: 'Duur',
    key: 'API-sleutel',
    any: 'alle',
    filter: 'Filteren',
    note: `API-verzoeken met sleutels, in groepjes weggeschreven: een verzoek staat er binnen enkele seconden. Mislukte verzoeken (status 400 of hoger) bewaren hun inhoud, zonder geheimen en persoonsgegevens, ${DAYS} dagen, zo lang als het logboek.`,
    docs: (code: string) => `Wat ${code} betekent`,
    requestBody: 'Verzonden inhoud (geschoond)',
    responseBody: 'Ontvangen antwoord (geschoond)',
    truncated: 'Afgekapt op 16 KB.',
    noBodies: `Inhoud wordt alleen bewaard bij mislukte verzoeken (status 400 of hoger), geschoond, ${DAYS} dagen.`,
    redaction: 'Sleutels, tokens, wachtwoorden, eenmalige codes, handtekeningafbeeldingen en foto\'s, en namen, e-mailadressen, telefoonnummers en adressen van personen worden vervangen door [redacted] voordat er iets wordt opgeslagen.',
    back: 'Terug naar de lijst',
  },
  de: {
    requests: 'Anfrageprotokoll',
    request: 'Anfrage',
    time: 'Zeit',
    method: 'Methode',
    path: 'Pfad',
    route: 'Route',
    routeFilter: 'Routenvorlage',
    status: 'Status',
    statusClass: 'Statusklasse',
    error: 'Fehler',
    duration: 'Dauer',
    key: 'API-Schlüssel',
    any: 'alle',
    filter: 'Filtern',
    note: `API-Aufrufe mit Schlüsseln, gebündelt gespeichert: Ein Aufruf erscheint innerhalb weniger Sekunden. Fehlgeschlagene Aufrufe (Status 400 oder höher) behalten ihre Inhalte, ohne Geheimnisse und personenbezogene Daten, für die ${DAYS} Tage des Protokolls.`,
    docs: (code: string) => `Was ${code} bedeutet`,
    requestBody: 'Gesendeter Inhalt (bereinigt)',
    responseBody: 'Erhaltene Antwort (bereinigt)',
    truncated: 'Bei 16 KB abgeschnitten.',
    noBodies: `Inhalte werden nur bei fehlgeschlagenen Aufrufen (Status 400 oder höher) aufbewahrt, bereinigt, ${DAYS} Tage lang.`,
    redaction: 'Schlüssel, Tokens, Passwörter, Einmalcodes, Unterschriftsbilder und Fotos sowie Namen, E-Mail-Adressen, Telefonnummern und Anschriften von Personen werden vor dem Speichern durch [redacted] ersetzt.',
    back: 'Zurück zur Liste',
  },
  fr: {
    requests: 'Journal des requêtes',
    request: 'Requête',
    time: 'Heure',
    method: 'Méthode',
    path: 'Chemin',
    route: 'Route',
    routeFilter: 'Modèle de route',
    status: 'Statut',
    statusClass: 'Classe de statut',
    error: 'Erreur',
    duration: 'Durée',
    key: 'Clé API',
    any: 'tous',
    filter: 'Filtrer',
    note: `Appels d’API faits avec des clés, enregistrés par lots : un appel apparaît en quelques secondes. Les appels en échec (statut 400 ou plus) conservent leur contenu, sans secrets ni données personnelles, pendant les ${DAYS} jours du journal.`,
    docs: (code: string) => `Signification de ${code}`,
    requestBody: 'Contenu envoyé (expurgé)',
    responseBody: 'Réponse reçue (expurgée)',
    truncated: 'Tronqué à 16 Ko.',
    noBodies: `Le contenu n’est conservé que pour les appels en échec (statut 400 ou plus), expurgé, pendant ${DAYS} jours.`,
    redaction: 'Les clés, jetons, mots de passe, codes à usage unique, images de signature et photos, ainsi que les noms, adresses e-mail, numéros de téléphone et adresses des personnes sont remplacés par [redacted] avant tout enregistrement.',
    back: 'Retour à la liste',
  },
  pl: {
    requests: 'Dziennik żądań',
    request: 'Żądanie',
    time: 'Czas',
    method: 'Metoda',
    path: 'Ścieżka',
    route: 'Trasa API',
    routeFilter: 'Szablon trasy API',
    status: 'Status',
    statusClass: 'Klasa statusu',
    error: 'Błąd',
    duration: 'Czas trwania',
    key: 'Klucz API',
    any: 'wszystkie',
    filter: 'Filtruj',
    note: `Wywołania API wykonane kluczami, zapisywane partiami: wywołanie pojawia się w ciągu kilku sekund. Nieudane wywołania (status 400 lub wyższy) zachowują treść, bez sekretów i danych osobowych, przez ${DAYS} dni przechowywania dziennika.`,
    docs: (code: string) => `Co oznacza ${code}`,
    requestBody: 'Wysłana treść (zanonimizowana)',
    responseBody: 'Otrzymana odpowiedź (zanonimizowana)',
    truncated: 'Obcięto do 16 KB.',
    noBodies: `Treść jest przechowywana tylko dla nieudanych wywołań (status 400 lub wyższy), zanonimizowana, przez ${DAYS} dni.`,
    redaction: 'Klucze, tokeny, hasła, kody jednorazowe, obrazy podpisów i zdjęcia, a także imiona i nazwiska, adresy e-mail, numery telefonów i adresy osób są zastępowane przez [redacted], zanim cokolwiek zostanie zapisane.',
    back: 'Wróć do listy',
  },
} as const;

/** Key ids and the hints the API keys page shows for them. */
export type KeyHints = ReadonlyMap<string, string>;

const keyCell = (hints: KeyHints, id: string) => `<code>${esc(hints.get(id) ?? id)}</code>`;
const link = (path: string, mode: Mode, text: string) => `<a href="${esc(hrefWith(path, { mode }))}">${text}</a>`;

/** The catalogue's title of a logged code in the page's language; a code the catalogue no longer has, as logged. */
function title(language: ConsoleLanguage, code: string): string {
  return code in ERROR_CATALOGUE ? errorTitle(code as ErrorCode, language) : code;
}

export function renderRequestLogsPage(p: ListPage<RequestLog> & { keyHints: KeyHints }): string {
  const w = WORDS[p.language];
  const frame = CONSOLE_FRAME_WORDS[p.language];
  const classes = [{ value: '', label: w.any }, ...['2xx', '3xx', '4xx', '5xx'].map((c) => ({ value: c, label: c }))];
  const methods = [{ value: '', label: w.any }, ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }))];
  const fields = [
    selectField('method', w.method, p.filters.method, methods),
    selectField('status_class', w.statusClass, p.filters.status_class, classes),
    textField('path', w.routeFilter, p.filters.path),
    textField('api_key_id', w.key, p.filters.api_key_id),
    ...timeWindowFields(p),
  ];
  const rows = p.page.data.map((r) => [
    link(`/console/logs/${r.id}`, p.mode, timeHtml(r.created_at, zoneOf(p.view))),
    esc(r.method),
    `<code>${esc(r.url_path)}</code>`,
    `${esc(r.status)}${r.error_code ? ` <code>${esc(r.error_code)}</code>` : ''}`,
    `${esc(r.duration_ms)} ms`,
    keyCell(p.keyHints, r.api_key_id),
  ]);
  const body = `<p class="muted">${esc(w.note)}</p>${modeSwitch(p.language, '/console/logs', p.mode, p.view.organization.live_enabled)}
${filterForm('/console/logs', p.mode, fields, w.filter)}
${table([w.time, w.method, w.path, w.status, w.duration, w.key], rows, frame.none)}
${pager(p.language, '/console/logs', { ...p.filters, mode: p.mode }, p.page, p.onLaterPage)}`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'logs', title: w.requests, body });
}

function bodySection(heading: string, text: string | null, truncated: boolean, truncatedNote: string, id: string): string {
  return `<h2 id="${id}">${esc(heading)}</h2>${codeBlock(text)}${truncated ? `<p class="muted">${esc(truncatedNote)}</p>` : ''}`;
}

export function renderRequestLogPage(language: ConsoleLanguage, view: ConsoleSessionView, mode: Mode, r: RequestLogDetail, keyHints: KeyHints): string {
  const w = WORDS[language];
  const error = r.error
    ? `<div class="notice error" id="error-summary"><p><strong>${esc(r.status)} <code>${esc(r.error.code)}</code></strong> — ${esc(title(language, r.error.code))}</p><p><a href="${esc(r.error.type)}">${esc(w.docs(r.error.code))}</a></p></div>`
    : '';
  const facts = [
    [CONSOLE_FRAME_WORDS[language].id, `<code>${esc(r.id)}</code>`],
    [w.time, timeHtml(r.created_at, zoneOf(view))],
    [w.method, esc(r.method)],
    [w.path, `<code id="url-path">${esc(r.url_path)}</code>`],
    [w.route, `<code>${esc(r.path)}</code>`],
    [w.status, esc(r.status)],
    ...(r.error ? [[w.error, `<code>${esc(r.error.code)}</code>`]] : []),
    [w.duration, `${esc(r.duration_ms)} ms`],
    [w.key, keyCell(keyHints, r.api_key_id)],
  ];
  const bodies =
    r.status >= 400
      ? `${bodySection(w.requestBody, r.request_body, r.request_body_truncated, w.truncated, 'request-body')}${bodySection(w.responseBody, r.response_body, r.response_body_truncated, w.truncated, 'response-body')}<p class="muted">${esc(w.redaction)}</p>`
      : `<p class="muted">${esc(w.noBodies)}</p>`;
  const body = `${error}<dl class="facts">${facts.map(([k, v]) => `<dt>${esc(k!)}</dt><dd>${v}</dd>`).join('')}</dl>${bodies}<p>${link('/console/logs', mode, esc(w.back))}</p>`;
  return renderConsoleFrame({ language, view, active: 'logs', title: `${w.request} ${r.method} ${r.url_path}`, body });
}
