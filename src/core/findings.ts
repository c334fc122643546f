/**
 * Findings: the elements of `errors` and `warnings` (service description, Finding). A finding's
 * `message` is rendered from a template per `code` in the requested language, from its `params`.
 */
import type { Language } from './language.js';

export interface Finding {
  /** JSON path of the offending value, such as `$.goods[0].gross_weight_kg`. */
  path: string;
  /** Stable code clients may branch on. */
  code: string;
  /** Human-readable, in the requested language. */
  message: string;
  rule?: string;
  source?: string;
  params?: Record<string, unknown>;
}

export type MessageTemplate = (params: Record<string, unknown>) => string;
type Template = MessageTemplate;

/** Message templates of the finding codes; a code without a template keeps the message it came with. */
const TEMPLATES: Record<string, Record<Language, Template>> = {
  required: {
    en: (p) => `The field ${String(p.field)} is required.`,
    nl: (p) => `Het veld ${String(p.field)} is verplicht.`,
    de: (p) => `Das Feld ${String(p.field)} ist erforderlich.`,
    fr: (p) => `Le champ ${String(p.field)} est obligatoire.`,
  },
  // A tour stop marked done before this role signed (docs/tours.md).
  signature_missing: {
    en: (p) => `The ${String(p.role)} has not signed at this stop.`,
    nl: (p) => `De ${String(p.role)} heeft bij deze stop niet getekend.`,
    de: (p) => `Der ${String(p.role)} hat an diesem Halt nicht unterschrieben.`,
    fr: (p) => `Le ${String(p.role)} n'a pas signé à cet arrêt.`,
  },
  unknown_field: {
    en: (p) => `The field ${String(p.field)} is not known.`,
    nl: (p) => `Het veld ${String(p.field)} is onbekend.`,
    de: (p) => `Das Feld ${String(p.field)} ist unbekannt.`,
    fr: (p) => `Le champ ${String(p.field)} est inconnu.`,
  },
  invalid_type: {
    en: (p) => `Must be of type ${String(p.type)}.`,
    nl: (p) => `Moet van het type ${String(p.type)} zijn.`,
    de: (p) => `Muss vom Typ ${String(p.type)} sein.`,
    fr: (p) => `Doit être de type ${String(p.type)}.`,
  },
  too_short: {
    en: (p) => `Must be at least ${String(p.limit)} long.`,
    nl: (p) => `Moet minstens ${String(p.limit)} lang zijn.`,
    de: (p) => `Muss mindestens ${String(p.limit)} lang sein.`,
    fr: (p) => `Doit avoir une longueur d'au moins ${String(p.limit)}.`,
  },
  too_long: {
    en: (p) => `Must be at most ${String(p.limit)} long.`,
    nl: (p) => `Mag hoogstens ${String(p.limit)} lang zijn.`,
    de: (p) => `Darf höchstens ${String(p.limit)} lang sein.`,
    fr: (p) => `Doit avoir une longueur d'au plus ${String(p.limit)}.`,
  },
  too_few_items: {
    en: (p) => `Must have at least ${String(p.limit)} items.`,
    nl: (p) => `Moet minstens ${String(p.limit)} elementen hebben.`,
    de: (p) => `Muss mindestens ${String(p.limit)} Elemente enthalten.`,
    fr: (p) => `Doit contenir au moins ${String(p.limit)} éléments.`,
  },
  too_many_items: {
    en: (p) => `Must have at most ${String(p.limit)} items.`,
    nl: (p) => `Mag hoogstens ${String(p.limit)} elementen hebben.`,
    de: (p) => `Darf höchstens ${String(p.limit)} Elemente enthalten.`,
    fr: (p) => `Doit contenir au plus ${String(p.limit)} éléments.`,
  },
  invalid_format: {
    en: (p) => `Does not match the expected format${p.format ? ` (${String(p.format)})` : ''}.`,
    nl: (p) => `Voldoet niet aan het verwachte formaat${p.format ? ` (${String(p.format)})` : ''}.`,
    de: (p) => `Entspricht nicht dem erwarteten Format${p.format ? ` (${String(p.format)})` : ''}.`,
    fr: (p) => `Ne correspond pas au format attendu${p.format ? ` (${String(p.format)})` : ''}.`,
  },
  unknown_time_zone: {
    en: () => 'Not a time zone this service knows: give an IANA name such as Europe/Warsaw or Atlantic/Canary, or leave it out to use the country\'s zone.',
    nl: () => 'Geen tijdzone die deze dienst kent: geef een IANA-naam zoals Europe/Warsaw of Atlantic/Canary, of laat het veld weg voor de tijdzone van het land.',
    de: () => 'Keine Zeitzone, die dieser Dienst kennt: geben Sie einen IANA-Namen wie Europe/Warsaw oder Atlantic/Canary an, oder lassen Sie das Feld weg, um die Zeitzone des Landes zu verwenden.',
    fr: () => "Fuseau horaire inconnu de ce service : indiquez un nom IANA comme Europe/Warsaw ou Atlantic/Canary, ou omettez le champ pour utiliser le fuseau du pays.",
  },
  invalid_value: {
    en: (p) => `Must be one of: ${Array.isArray(p.allowed) ? p.allowed.join(', ') : String(p.allowed)}.`,
    nl: (p) => `Moet een van deze waarden zijn: ${Array.isArray(p.allowed) ? p.allowed.join(', ') : String(p.allowed)}.`,
    de: (p) => `Muss einer dieser Werte sein: ${Array.isArray(p.allowed) ? p.allowed.join(', ') : String(p.allowed)}.`,
    fr: (p) => `Doit être l'une de ces valeurs : ${Array.isArray(p.allowed) ? p.allowed.join(', ') : String(p.allowed)}.`,
  },
  out_of_range: {
    en: (p) => `Must be ${String(p.comparison)} ${String(p.limit)}.`,
    nl: (p) => `Moet ${String(p.comparison)} ${String(p.limit)} zijn.`,
    de: (p) => `Muss ${String(p.comparison)} ${String(p.limit)} sein.`,
    fr: (p) => `Doit être ${String(p.comparison)} ${String(p.limit)}.`,
  },
  invalid_characters: {
    en: () => 'Contains a character that cannot be stored: U+0000 or an unpaired surrogate.',
    nl: () => 'Bevat een teken dat niet kan worden opgeslagen: U+0000 of een ongepaarde surrogaat.',
    de: () => 'Enthält ein Zeichen, das nicht gespeichert werden kann: U+0000 oder ein ungepaartes Surrogat.',
    fr: () => 'Contient un caractère qui ne peut pas être enregistré : U+0000 ou un substitut (surrogate) non apparié.',
  },
  unsafe_url: {
    en: (p) => `Not a safe webhook target: ${String(p.reason)}`,
    nl: (p) => `Geen veilig webhookdoel: ${String(p.reason)}`,
    de: (p) => `Kein sicheres Webhook-Ziel: ${String(p.reason)}`,
    fr: (p) => `Cible de webhook non sûre : ${String(p.reason)}`,
  },
  unknown_event_type: {
    en: (p) => `There is no event type ${String(p.type)}; use a type of the catalogue, a family wildcard such as shipment.*, or *.`,
    nl: (p) => `Er is geen gebeurtenistype ${String(p.type)}; gebruik een type uit de catalogus, een familiejoker zoals shipment.*, of *.`,
    de: (p) => `Es gibt keinen Ereignistyp ${String(p.type)}; verwenden Sie einen Typ aus dem Katalog, einen Familien-Platzhalter wie shipment.* oder *.`,
    fr: (p) => `Il n'existe pas de type d'événement ${String(p.type)} ; utilisez un type du catalogue, un joker de famille comme shipment.* ou *.`,
  },
  field_frozen: {
    en: (p) => `The field ${String(p.field)} is frozen since the shipment was ${String(p.status)}; it can no longer change.`,
    nl: (p) => `Het veld ${String(p.field)} is bevroren sinds de zending de status ${String(p.status)} kreeg; het kan niet meer wijzigen.`,
    de: (p) => `Das Feld ${String(p.field)} ist eingefroren, seit die Sendung den Status ${String(p.status)} erhielt; es kann sich nicht mehr ändern.`,
    fr: (p) => `Le champ ${String(p.field)} est figé depuis que l'envoi a reçu le statut ${String(p.status)} ; il ne peut plus changer.`,
  },
  invalid: {
    en: () => 'Is not valid.',
    nl: () => 'Is ongeldig.',
    de: () => 'Ist ungültig.',
    fr: () => "N'est pas valide.",
  },
};

/**
 * Adds the templates of a family of finding codes (the business rules register theirs), so a
 * finding can be rendered, and re-rendered in another language, wherever it travels.
 */
export function registerFindingMessages(messages: Record<string, Record<Language, MessageTemplate>>): void {
  for (const [code, templates] of Object.entries(messages)) {
    if (TEMPLATES[code] && TEMPLATES[code] !== templates) throw new Error(`finding code ${code} has templates already`);
    TEMPLATES[code] = templates;
  }
}

/** The finding codes that have templates (those of this file and those registered so far). */
export function findingCodes(): string[] {
  return Object.keys(TEMPLATES);
}

/**
 * The JSON path of a finding (service description, Finding): `$`, `$.field`, `$.goods[0].weight`.
 * A field path written without its root (`charges.carriage`, `[0].name`) gets it; a query
 * parameter, a path parameter or a header keeps its own form (`query.date`, `path.id`,
 * `header.stripe-signature`, as request validation names them); an empty
 * path is the whole body, `$`. Every finding is built or answered through here, so no finding
 * leaves with a path a client's JSON-path library cannot read.
 */
const REQUEST_PART = /^(query|path|headers?)(\.|\[|$)/;

export function jsonPath(path: string): string {
  if (path === '' || path === '$') return '$';
  if (path.startsWith('$.') || path.startsWith('$[') || REQUEST_PART.test(path)) return path;
  if (path.startsWith('$')) return `$.${path.slice(1)}`;
  return path.startsWith('[') ? `$${path}` : `$.${path}`;
}

/** Builds a finding whose message comes from the template of its code. */
export function finding(path: string, code: string, params: Record<string, unknown> = {}, language: Language = 'en'): Finding {
  return { path: jsonPath(path), code, message: renderMessage(code, params, language) ?? code, params };
}

export function renderMessage(code: string, params: Record<string, unknown>, language: Language): string | undefined {
  return TEMPLATES[code]?.[language](params);
}

/**
 * Whether the finding's message is its code's template (in any language), as `finding` renders it,
 * rather than a message the code that found it wrote for this case ("give `recipient` again"),
 * which a generic template ("Is not valid.") must never replace.
 */
function templated(f: Finding): boolean {
  const templates = TEMPLATES[f.code];
  return templates !== undefined && Object.values(templates).some((render) => render(f.params ?? {}) === f.message);
}

/**
 * Re-renders findings in another language: a templated message is rendered again; a specific
 * message, or a code without a template, keeps its text. Paths come out as JSON paths.
 */
export function translateFindings(findings: Finding[], language: Language): Finding[] {
  return findings.map((f) => ({ ...f, path: jsonPath(f.path), message: templated(f) ? renderMessage(f.code, f.params ?? {}, language)! : f.message }));
}
