/**
 * /console/preferences: the member's own language and time zone, one form that posts without
 * script. The languages are those the console speaks (CONSOLE_LANGUAGES), each named in itself;
 * the zones are those this runtime knows. Every value goes through `esc`.
 */
import { supportedTimeZones } from '../../core/time-zones.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, when } from './console-page-parts.js';
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from './console-words.js';
import { PREFERENCES_PATH, PREFERENCES_WORDS } from './preferences-words.js';

export interface PreferencesForm {
  language: string;
  time_zone: string;
}

/** A language as its speakers write it (Nederlands, Deutsch, Polski), so that a member can find theirs in any page language. */
function endonym(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

function select(name: string, label: string, help: string, value: string, options: { value: string; label: string }[], error: string | undefined): string {
  const opts = options.map((o) => `<option value="${esc(o.value)}"${o.value === value ? ' selected' : ''}>${esc(o.label)}</option>`).join('');
  const describedBy = `h-${name}${error ? ` e-${name}` : ''}`;
  return `<label for="f-${name}">${esc(label)}</label><p class="muted" id="h-${name}">${esc(help)}</p>${error ? `<p class="field-error" id="e-${name}">${esc(error)}</p>` : ''}<select id="f-${name}" name="${name}" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}>${opts}</select>`;
}

export function renderPreferencesPage(p: {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  zone: string;
  now: Date;
  form: PreferencesForm;
  errors?: { language?: boolean; time_zone?: boolean };
  notice?: { text: string; error?: boolean };
}): string {
  const w = PREFERENCES_WORDS[p.language];
  const languages = [{ value: '', label: w.languageUnset }, ...CONSOLE_LANGUAGES.map((l) => ({ value: l, label: endonym(l) }))];
  const zones = [{ value: '', label: w.timeZoneUnset }, ...supportedTimeZones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') }))];
  const body = `<p>${esc(w.intro)}</p>
<form method="post" action="${PREFERENCES_PATH}"><fieldset>
${select('language', w.language, w.languageHelp, p.form.language, languages, p.errors?.language ? w.badLanguage : undefined)}
${select('time_zone', w.timeZone, w.timeZoneHelp, p.form.time_zone, zones, p.errors?.time_zone ? w.badTimeZone : undefined)}
<p class="muted" id="zone-now">${esc(w.example(when(p.now.toISOString(), p.zone)))}</p>
<button type="submit">${esc(w.save)}</button></fieldset></form>`;
  return renderConsoleFrame({ language: p.language, view: p.view, title: w.title, body, ...(p.notice ? { notice: p.notice } : {}) });
}
