/**
 * The console's API keys page: the organisation's keys (hint, mode, scopes, created, revoked), the
 * create form (scopes as checkboxes, test or — once cleared — live), the answer page that shows a
 * new key this once, and a revoke button that asks first (a second page, as there is no script).
 */
import type { Mode } from '../../core/mode.js';
import { SCOPES } from '../../core/scopes.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import type { ApiKeyListing } from '../api-keys/api-keys.repository.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, table, timeHtml, zoneOf } from './console-page-parts.js';
import { CONSOLE_FRAME_WORDS, type ConsoleLanguage } from './console-words.js';
import { describeScope } from './scope-words.js';

const WORDS = {
  en: {
    title: 'API keys',
    hint: 'Key',
    mode: 'Mode',
    scopes: 'Scopes',
    created: 'Created',
    revoked: 'Revoked',
    active: 'active',
    allScopes: 'all scopes',
    create: 'Create a key',
    scopesLegend: 'Scopes (none ticked: every scope)',
    test: 'Sandbox (sk_test_)',
    live: 'Live (sk_live_)',
    liveLocked: 'Live keys can be made once the organisation is cleared for live.',
    createButton: 'Create key',
    revoke: 'Revoke',
    newKeyTitle: 'Your new API key',
    newKeyText: 'Copy it now: this is the only time it is shown. Send it as Authorization: Bearer <key>.',
    back: 'Back to the API keys',
    confirmTitle: 'Revoke this key?',
    confirmText: (hint: string) => `Calls with the key ${hint} stop working within seconds. This cannot be undone.`,
    confirm: 'Yes, revoke it',
    cancel: 'Cancel',
    revokedNotice: 'The key is revoked.',
    lastUsed: 'When a key was last used is in the request logs.',
  },
  nl: {
    title: 'API-sleutels',
    hint: 'Sleutel',
    mode: 'Modus',
    scopes: 'Rechten',
    created: 'Gemaakt',
    revoked: 'Ingetrokken',
    active: 'actief',
    allScopes: 'alle rechten',
    create: 'Een sleutel maken',
    scopesLegend: 'Rechten (niets aangevinkt: alle rechten)',
    test: 'Sandbox (sk_test_)',
    live: 'Live (sk_live_)',
    liveLocked: 'Live-sleutels kunnen worden gemaakt zodra de organisatie is vrijgegeven voor live.',
    createButton: 'Sleutel maken',
    revoke: 'Intrekken',
    newKeyTitle: 'Uw nieuwe API-sleutel',
    newKeyText: 'Kopieer hem nu: dit is de enige keer dat hij getoond wordt. Stuur hem als Authorization: Bearer <sleutel>.',
    back: 'Terug naar de API-sleutels',
    confirmTitle: 'Deze sleutel intrekken?',
    confirmText: (hint: string) => `Verzoeken met de sleutel ${hint} werken binnen enkele seconden niet meer. Dit kan niet ongedaan worden.`,
    confirm: 'Ja, intrekken',
    cancel: 'Annuleren',
    revokedNotice: 'De sleutel is ingetrokken.',
    lastUsed: 'Wanneer een sleutel het laatst is gebruikt, staat in het verzoeklogboek.',
  },
  de: {
    title: 'API-Schlüssel',
    hint: 'Schlüssel',
    mode: 'Modus',
    scopes: 'Berechtigungen',
    created: 'Erstellt',
    revoked: 'Widerrufen',
    active: 'aktiv',
    allScopes: 'alle Berechtigungen',
    create: 'Schlüssel erstellen',
    scopesLegend: 'Berechtigungen (nichts angekreuzt: alle Berechtigungen)',
    test: 'Testumgebung (sk_test_)',
    live: 'Produktiv (sk_live_)',
    liveLocked: 'Produktivschlüssel können erstellt werden, sobald die Organisation für den Produktivbetrieb freigegeben ist.',
    createButton: 'Schlüssel erstellen',
    revoke: 'Widerrufen',
    newKeyTitle: 'Ihr neuer API-Schlüssel',
    newKeyText: 'Kopieren Sie ihn jetzt: Er wird nur dieses eine Mal angezeigt. Senden Sie ihn als Authorization: Bearer <Schlüssel>.',
    back: 'Zurück zu den API-Schlüsseln',
    confirmTitle: 'Diesen Schlüssel widerrufen?',
    confirmText: (hint: string) => `Aufrufe mit dem Schlüssel ${hint} funktionieren innerhalb von Sekunden nicht mehr. Das lässt sich nicht rückgängig machen.`,
    confirm: 'Ja, widerrufen',
    cancel: 'Abbrechen',
    revokedNotice: 'Der Schlüssel ist widerrufen.',
    lastUsed: 'Wann ein Schlüssel zuletzt verwendet wurde, steht im Anfrageprotokoll.',
  },
  fr: {
    title: 'Clés API',
    hint: 'Clé',
    mode: 'Mode',
    scopes: 'Droits',
    created: 'Créée le',
    revoked: 'Révoquée le',
    active: 'active',
    allScopes: 'tous les droits',
    create: 'Créer une clé',
    scopesLegend: 'Droits (aucune case cochée : tous les droits)',
    test: 'Bac à sable (sk_test_)',
    live: 'Production (sk_live_)',
    liveLocked: 'Les clés de production pourront être créées dès que l’organisation sera autorisée en production.',
    createButton: 'Créer la clé',
    revoke: 'Révoquer',
    newKeyTitle: 'Votre nouvelle clé API',
    newKeyText: 'Copiez-la maintenant : elle n’est affichée que cette fois. Envoyez-la sous la forme Authorization: Bearer <clé>.',
    back: 'Retour aux clés API',
    confirmTitle: 'Révoquer cette clé ?',
    confirmText: (hint: string) => `Les appels avec la clé ${hint} cesseront de fonctionner en quelques secondes. Cette action est irréversible.`,
    confirm: 'Oui, la révoquer',
    cancel: 'Annuler',
    revokedNotice: 'La clé est révoquée.',
    lastUsed: 'La dernière utilisation d’une clé figure dans le journal des requêtes.',
  },
  pl: {
    title: 'Klucze API',
    hint: 'Klucz',
    mode: 'Tryb',
    scopes: 'Uprawnienia',
    created: 'Utworzono',
    revoked: 'Unieważniono',
    active: 'aktywny',
    allScopes: 'wszystkie uprawnienia',
    create: 'Utwórz klucz',
    scopesLegend: 'Uprawnienia (nic nie zaznaczono: wszystkie uprawnienia)',
    test: 'Piaskownica (sk_test_)',
    live: 'Produkcja (sk_live_)',
    liveLocked: 'Klucze produkcyjne można utworzyć, gdy organizacja zostanie dopuszczona do trybu produkcyjnego.',
    createButton: 'Utwórz klucz',
    revoke: 'Unieważnij',
    newKeyTitle: 'Twój nowy klucz API',
    newKeyText: 'Skopiuj go teraz: jest wyświetlany tylko ten jeden raz. Wysyłaj go jako Authorization: Bearer <klucz>.',
    back: 'Wróć do kluczy API',
    confirmTitle: 'Unieważnić ten klucz?',
    confirmText: (hint: string) => `Wywołania z kluczem ${hint} przestaną działać w ciągu kilku sekund. Tej operacji nie można cofnąć.`,
    confirm: 'Tak, unieważnij',
    cancel: 'Anuluj',
    revokedNotice: 'Klucz został unieważniony.',
    lastUsed: 'Kiedy klucz był ostatnio używany, widać w dzienniku żądań.',
  },
} as const;

export interface ApiKeysPage {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  keys: ApiKeyListing[];
  mayManage: boolean;
  notice?: { text: string; error?: boolean };
}

function scopesText(scopes: readonly string[], all: string): string {
  return scopes.length === SCOPES.length ? all : scopes.join(', ');
}

export function renderApiKeysPage(page: ApiKeysPage): string {
  const w = WORDS[page.language];
  const frame = CONSOLE_FRAME_WORDS[page.language];
  const rows = page.keys.map((k) => [
    `<code>${esc(k.hint)}</code>`,
    esc(k.mode === 'live' ? frame.live : frame.sandbox),
    `<span class="muted">${esc(scopesText(k.scopes, w.allScopes))}</span>`,
    timeHtml(k.created_at.toISOString(), zoneOf(page.view)),
    k.revoked_at ? timeHtml(k.revoked_at.toISOString(), zoneOf(page.view)) : esc(w.active),
    page.mayManage && !k.revoked_at ? `<a href="/console/api-keys/${esc(k.id)}/revoke">${esc(w.revoke)}</a>` : '',
  ]);
  const list = table([w.hint, w.mode, w.scopes, w.created, w.revoked, ''], rows, frame.none);
  const live = page.view.organization.live_enabled;
  const checks = SCOPES.map((s) => `<label class="check"><input type="checkbox" name="scopes" value="${esc(s)}"> <span><code>${esc(s)}</code> <span class="muted">${esc(describeScope(s, page.language))}</span></span></label>`).join('');
  const form = page.mayManage
    ? `<h2>${esc(w.create)}</h2><form method="post" action="/console/api-keys"><fieldset>
<legend>${esc(w.mode)}</legend>
<label class="check"><input type="radio" name="key_mode" value="test" checked> ${esc(w.test)}</label>
${live ? `<label class="check"><input type="radio" name="key_mode" value="live"> ${esc(w.live)}</label>` : `<p class="muted">${esc(w.liveLocked)}</p>`}
</fieldset><fieldset><legend>${esc(w.scopesLegend)}</legend><div class="checks">${checks}</div></fieldset>
<button type="submit">${esc(w.createButton)}</button></form>`
    : '';
  return renderConsoleFrame({ language: page.language, view: page.view, active: 'api_keys', title: w.title, body: `${list}<p class="muted">${esc(w.lastUsed)}</p>${form}`, ...(page.notice ? { notice: page.notice } : {}) });
}

export function renderNewApiKeyPage(language: ConsoleLanguage, view: ConsoleSessionView, key: { key: string; mode: Mode; scopes: readonly string[] }): string {
  const w = WORDS[language];
  const body = `<p>${esc(w.newKeyText)}</p><p class="secret" id="new-key">${esc(key.key)}</p>
<p class="muted">${esc(w.scopes)}: ${esc(scopesText(key.scopes, w.allScopes))}</p><p><a href="/console/api-keys">${esc(w.back)}</a></p>`;
  return renderConsoleFrame({ language, view, active: 'api_keys', title: w.newKeyTitle, body });
}

export function renderRevokeApiKeyPage(language: ConsoleLanguage, view: ConsoleSessionView, key: ApiKeyListing): string {
  const w = WORDS[language];
  const body = `<p>${esc(w.confirmText(key.hint))}</p>
<form method="post" action="/console/api-keys/${esc(key.id)}/revoke" class="actions"><button type="submit" class="danger">${esc(w.confirm)}</button> <a href="/console/api-keys">${esc(w.cancel)}</a></form>`;
  return renderConsoleFrame({ language, view, active: 'api_keys', title: w.confirmTitle, body });
}

export const API_KEY_NOTICES = { revoked: (language: ConsoleLanguage) => WORDS[language].revokedNotice, liveLocked: (language: ConsoleLanguage) => WORDS[language].liveLocked };
