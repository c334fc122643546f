/**
 * The words of the public validator page in the languages of the sign app (English, Dutch, German,
 * French). Finding messages come from the API, which the page asks in its own language.
 */
import type { MessageLanguage } from '../signatures/sign-messages.js';

export interface ValidatorWords {
  title: string;
  intro: string;
  pasteLabel: string;
  pasteHint: string;
  fileLabel: string;
  botcheckLabel: string;
  submit: string;
  checking: string;
  noJavaScript: string;
  resultsHeading: string;
  valid: string;
  invalid: string;
  errors: string;
  warnings: string;
  path: string;
  rule: string;
  source: string;
  transportType: string;
  notJson: string;
  emptyInput: string;
  fileTooLarge: string;
  /** A problem answer (403, 413, 415, 422, 429, 5xx): `{detail}` is the API's own text. */
  problem: string;
  rateLimited: string;
  network: string;
  apiDocs: string;
  contact: string;
  languages: string;
}

const en: ValidatorWords = {
  title: 'Check a shipment',
  intro: 'Paste or upload a shipment as JSON (the body of POST /v1/shipments). It is checked against the schema and the business rules exactly as the API does, and nothing is stored.',
  pasteLabel: 'Shipment JSON',
  pasteHint: 'The body you would send to POST /v1/shipments.',
  fileLabel: 'Or choose a JSON file',
  botcheckLabel: 'Bot check',
  submit: 'Check the shipment',
  checking: 'Checking…',
  noJavaScript: 'This page needs JavaScript for its bot check. Without a browser, call POST /v1/public/validate (see the API documentation).',
  resultsHeading: 'Result',
  valid: 'Valid: the API would accept this shipment.',
  invalid: 'Not valid: {count} error(s) to fix.',
  errors: 'Errors',
  warnings: 'Warnings',
  path: 'Where',
  rule: 'Rule',
  source: 'Legal source',
  transportType: 'Transport type: {type}',
  notJson: 'This is not valid JSON: {reason}',
  emptyInput: 'Paste a shipment or choose a file first.',
  fileTooLarge: 'The file is larger than 1 MB, more than the API accepts.',
  problem: 'The check was refused: {detail}',
  rateLimited: 'Too many checks from your address: try again in {seconds} s.',
  network: 'The service could not be reached. Check your connection and try again.',
  apiDocs: 'API documentation',
  contact: 'Contact',
  languages: 'Language',
};

const nl: ValidatorWords = {
  title: 'Een zending controleren',
  intro: 'Plak of upload een zending als JSON (de body van POST /v1/shipments). Die wordt tegen het schema en de bedrijfsregels gecontroleerd, precies zoals de API dat doet, en niets wordt opgeslagen.',
  pasteLabel: 'Zending als JSON',
  pasteHint: 'De body die u naar POST /v1/shipments zou sturen.',
  fileLabel: 'Of kies een JSON-bestand',
  botcheckLabel: 'Botcontrole',
  submit: 'Zending controleren',
  checking: 'Bezig met controleren…',
  noJavaScript: 'Deze pagina heeft JavaScript nodig voor de botcontrole. Zonder browser: roep POST /v1/public/validate aan (zie de API-documentatie).',
  resultsHeading: 'Resultaat',
  valid: 'Geldig: de API zou deze zending accepteren.',
  invalid: 'Niet geldig: {count} fout(en) te verbeteren.',
  errors: 'Fouten',
  warnings: 'Waarschuwingen',
  path: 'Waar',
  rule: 'Regel',
  source: 'Wettelijke bron',
  transportType: 'Soort vervoer: {type}',
  notJson: 'Dit is geen geldige JSON: {reason}',
  emptyInput: 'Plak eerst een zending of kies een bestand.',
  fileTooLarge: 'Het bestand is groter dan 1 MB, meer dan de API aanneemt.',
  problem: 'De controle werd geweigerd: {detail}',
  rateLimited: 'Te veel controles vanaf uw adres: probeer het over {seconds} s opnieuw.',
  network: 'De dienst is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.',
  apiDocs: 'API-documentatie',
  contact: 'Contact',
  languages: 'Taal',
};

const de: ValidatorWords = {
  title: 'Eine Sendung prüfen',
  intro: 'Fügen Sie eine Sendung als JSON ein oder laden Sie sie hoch (den Body von POST /v1/shipments). Sie wird genau wie von der API gegen das Schema und die Geschäftsregeln geprüft; nichts wird gespeichert.',
  pasteLabel: 'Sendung als JSON',
  pasteHint: 'Der Body, den Sie an POST /v1/shipments senden würden.',
  fileLabel: 'Oder eine JSON-Datei wählen',
  botcheckLabel: 'Bot-Prüfung',
  submit: 'Sendung prüfen',
  checking: 'Wird geprüft…',
  noJavaScript: 'Diese Seite braucht JavaScript für die Bot-Prüfung. Ohne Browser: rufen Sie POST /v1/public/validate auf (siehe API-Dokumentation).',
  resultsHeading: 'Ergebnis',
  valid: 'Gültig: die API würde diese Sendung annehmen.',
  invalid: 'Nicht gültig: {count} Fehler zu beheben.',
  errors: 'Fehler',
  warnings: 'Warnungen',
  path: 'Wo',
  rule: 'Regel',
  source: 'Rechtsquelle',
  transportType: 'Beförderungsart: {type}',
  notJson: 'Das ist kein gültiges JSON: {reason}',
  emptyInput: 'Fügen Sie zuerst eine Sendung ein oder wählen Sie eine Datei.',
  fileTooLarge: 'Die Datei ist größer als 1 MB, mehr als die API annimmt.',
  problem: 'Die Prüfung wurde abgelehnt: {detail}',
  rateLimited: 'Zu viele Prüfungen von Ihrer Adresse: versuchen Sie es in {seconds} s erneut.',
  network: 'Der Dienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  apiDocs: 'API-Dokumentation',
  contact: 'Kontakt',
  languages: 'Sprache',
};

const fr: ValidatorWords = {
  title: 'Vérifier un envoi',
  intro: 'Collez ou téléversez un envoi en JSON (le corps de POST /v1/shipments). Il est vérifié selon le schéma et les règles métier exactement comme le fait l’API, et rien n’est enregistré.',
  pasteLabel: 'Envoi en JSON',
  pasteHint: 'Le corps que vous enverriez à POST /v1/shipments.',
  fileLabel: 'Ou choisissez un fichier JSON',
  botcheckLabel: 'Contrôle anti-robot',
  submit: 'Vérifier l’envoi',
  checking: 'Vérification…',
  noJavaScript: 'Cette page a besoin de JavaScript pour son contrôle anti-robot. Sans navigateur, appelez POST /v1/public/validate (voir la documentation de l’API).',
  resultsHeading: 'Résultat',
  valid: 'Valide : l’API accepterait cet envoi.',
  invalid: 'Non valide : {count} erreur(s) à corriger.',
  errors: 'Erreurs',
  warnings: 'Avertissements',
  path: 'Où',
  rule: 'Règle',
  source: 'Source juridique',
  transportType: 'Type de transport : {type}',
  notJson: 'Ce n’est pas du JSON valide : {reason}',
  emptyInput: 'Collez d’abord un envoi ou choisissez un fichier.',
  fileTooLarge: 'Le fichier dépasse 1 Mo, plus que l’API n’accepte.',
  problem: 'La vérification a été refusée : {detail}',
  rateLimited: 'Trop de vérifications depuis votre adresse : réessayez dans {seconds} s.',
  network: 'Le service est injoignable. Vérifiez votre connexion et réessayez.',
  apiDocs: 'Documentation de l’API',
  contact: 'Contact',
  languages: 'Langue',
};

export const VALIDATOR_WORDS: Record<MessageLanguage, ValidatorWords> = { en, nl, de, fr };
