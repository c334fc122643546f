/**
 * The settings page (/console/settings): the organisation's name, default language and the second
 * factor requirement. A role without organization:manage sees them read-only (disabled, no button).
 */
import { roleMay } from '../console-auth/member-permissions.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { renderConsoleFrame } from '../console/console-layout.js';
import type { ConsoleLanguage } from '../console/console-words.js';
import type { Organization } from '../organizations/organizations.repository.js';
import { esc } from '../sign-app/html.js';
import { ORGANIZATION_LANGUAGES } from '../organizations/organizations.tables.js';
import { LANGUAGE_NAMES, MEMBERS_WORDS } from './members-words.js';

export const SETTINGS_PAGE_PATH = '/console/settings';

export interface SettingsPage {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  /** The stored settings, or after a refusal the values the form sent. */
  settings: Pick<Organization, 'name' | 'default_language' | 'require_two_factor'>;
  notice?: { text: string; error?: boolean };
}

export function renderSettingsPage(p: SettingsPage): string {
  const w = MEMBERS_WORDS[p.language];
  const editable = roleMay(p.view.organization.role, 'organization:manage');
  const off = editable ? '' : ' disabled';
  const languages = ORGANIZATION_LANGUAGES.map((l) => `<option value="${l}"${l === p.settings.default_language ? ' selected' : ''}>${esc(LANGUAGE_NAMES[l])}</option>`).join('');
  const body = `${editable ? '' : `<p class="muted">${esc(w.readOnly)}</p>`}
<form method="post" action="${SETTINGS_PAGE_PATH}"><fieldset>
<label for="org-name">${esc(w.name)}</label><input type="text" id="org-name" name="name" required maxlength="200" value="${esc(p.settings.name)}"${off}>
<label for="org-language">${esc(w.defaultLanguage)}</label><select id="org-language" name="default_language"${off}>${languages}</select>
<label class="check"><input type="checkbox" id="org-2fa" name="require_two_factor" value="on"${p.settings.require_two_factor ? ' checked' : ''}${off}> ${esc(w.requireTwoFactor)}</label>
<p class="muted">${esc(w.requireTwoFactorHelp)}</p>
${editable ? `<div><button type="submit">${esc(w.save)}</button></div>` : ''}
</fieldset></form>`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'settings', title: w.settingsTitle, body, notice: p.notice });
}
