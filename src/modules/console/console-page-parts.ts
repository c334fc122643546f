/**
 * The pieces the console's data pages share: tables, the sandbox/live switch, the older-page link
 * of a cursor list, filter forms and times (in the member's zone). Every value goes through `esc`; links are built with
 * URLSearchParams so that no value can leave its parameter.
 */
import { localTime } from '../../core/local-time.js';
import type { Mode } from '../../core/mode.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { memberTimeZone } from '../console-auth/member-preferences.js';
import { esc } from '../sign-app/html.js';
import { CONSOLE_FRAME_WORDS, type ConsoleLanguage } from './console-words.js';

export { esc };

/** The mode a page shows: live only when asked for and the organisation is cleared for it. */
export function pageMode(asked: unknown, liveEnabled: boolean): Mode {
  return asked === 'live' && liveEnabled ? 'live' : 'test';
}

/** A path with its query: empty and undefined values left out, `mode` only when live. */
export function hrefWith(path: string, params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (name === 'mode' && value === 'test') continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A moment as the member reads it: on the wall clock of their time zone (their preferences, else
 * UTC), with the zone named: 2026-11-27 23:19:13 CET. Text, for sentences.
 */
export function when(iso: string | null | undefined, zone: string): string {
  if (!iso) return '—';
  return localTime(iso, zone, { seconds: true });
}

/** The zone the signed-in member reads times in: their own, else UTC. */
export function zoneOf(view: ConsoleSessionView): string {
  return memberTimeZone({ timeZone: view.user.time_zone });
}

/** `when` as HTML: a <time> whose `datetime` keeps the moment in UTC for machines and scripts. */
export function timeHtml(iso: string | null | undefined, zone: string): string {
  if (!iso) return '—';
  return `<time datetime="${esc(new Date(iso).toISOString())}">${esc(when(iso, zone))}</time>`;
}

/**
 * A table in a box: `rows` are already escaped HTML cells. Each cell carries its column's name
 * (`data-label`), so that on a phone the frame's style shows every row as a card of named values
 * instead of a table to scroll sideways.
 */
export function table(headers: string[], rows: string[][], emptyText: string): string {
  if (rows.length === 0) return `<p class="muted">${esc(emptyText)}</p>`;
  const head = headers.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const labels = headers.map((h) => (h ? ` data-label="${esc(h)}"` : ''));
  const body = rows.map((cells) => `<tr>${cells.map((c, i) => `<td${labels[i] ?? ''}>${c}</td>`).join('')}</tr>`).join('\n');
  return `<div class="table-wrap"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

/** A list of name and value pairs in a box: names escaped here, values already escaped HTML. */
export function facts(rows: [string, string][]): string {
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

/** Sandbox / Live links, shown only when the organisation is cleared for live. */
export function modeSwitch(language: ConsoleLanguage, path: string, mode: Mode, liveEnabled: boolean): string {
  const w = CONSOLE_FRAME_WORDS[language];
  if (!liveEnabled) return `<p class="muted">${esc(w.mode)}: ${esc(w.sandbox)}</p>`;
  const link = (m: Mode, label: string) =>
    m === mode ? `<strong aria-current="page">${esc(label)}</strong>` : `<a href="${esc(hrefWith(path, { mode: m }))}">${esc(label)}</a>`;
  return `<p class="modes">${esc(w.mode)}: ${link('test', w.sandbox)} · ${link('live', w.live)}</p>`;
}

/** The first-page and older-page links of a cursor list; `params` are the list's filters. */
export function pager(language: ConsoleLanguage, path: string, params: Record<string, string | undefined>, page: { next_cursor: string | null }, onLaterPage: boolean): string {
  const w = CONSOLE_FRAME_WORDS[language];
  const first = onLaterPage ? `<a href="${esc(hrefWith(path, { ...params, cursor: undefined }))}">${esc(w.previous)}</a>` : '';
  const older = page.next_cursor ? `<a rel="next" href="${esc(hrefWith(path, { ...params, cursor: page.next_cursor }))}">${esc(w.next)}</a>` : '';
  return first || older ? `<nav class="pager" aria-label="${esc(w.pages)}">${first}${older}</nav>` : '';
}

/** The hidden field that keeps a form in the page's mode. */
export function modeField(mode: Mode): string {
  return `<input type="hidden" name="mode" value="${esc(mode)}">`;
}

/** A GET filter form: text inputs and selects, already escaped; the mode travels along. */
export function filterForm(action: string, mode: Mode, fields: string[], submit: string): string {
  return `<form method="get" action="${esc(action)}" class="filters"><fieldset>${fields.join('')}${mode === 'live' ? modeField(mode) : ''}<div><button type="submit" class="secondary">${esc(submit)}</button></div></fieldset></form>`;
}

export function textField(name: string, label: string, value: string | undefined, type = 'text'): string {
  return `<div><label for="f-${esc(name)}">${esc(label)}</label><input type="${type}" id="f-${esc(name)}" name="${esc(name)}" value="${esc(value ?? '')}"></div>`;
}

/**
 * A filter's `datetime-local` or `date` field: what is typed is read on the wall clock of the
 * member's zone (filter-window.ts), so the label names that zone; the value shows as it was typed.
 */
export function wallClockField(name: 'from' | 'to', label: string, value: string | undefined, zone: string, type: 'datetime-local' | 'date' = 'datetime-local'): string {
  return textField(name, `${label} (${zone})`, value, type);
}

export function selectField(name: string, label: string, value: string | undefined, options: { value: string; label: string }[]): string {
  const opts = options.map((o) => `<option value="${esc(o.value)}"${o.value === (value ?? '') ? ' selected' : ''}>${esc(o.label)}</option>`).join('');
  return `<div><label for="f-${esc(name)}">${esc(label)}</label><select id="f-${esc(name)}" name="${esc(name)}">${opts}</select></div>`;
}

/**
 * A page opened with `?lang=` speaks that language whoever reads it (console-page.routes.ts), so
 * its links within the console keep it: every `href` to a console page (the navigation, the pager,
 * rows, back links) gets `lang=`, and every GET form (filters) a hidden `lang` field, unless it
 * already names one (the sign-in page's language chooser). Forms that post do not: their answers
 * send the member on to pages that speak the member's kept language.
 */
export function keepLanguageInLinks(html: string, language: ConsoleLanguage): string {
  const withLinks = html.replace(/href="(\/console(?:[/?#][^"]*)?)"/g, (whole, href: string) => {
    // The fragment's `#`, not the one of an escaped `&` (`&#38;`).
    const hash = href.search(/(?<!&)#/);
    const [target, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
    if (/[?&;]lang=/.test(target)) return whole;
    return `href="${target}${target.includes('?') ? '&#38;' : '?'}lang=${language}${fragment}"`;
  });
  return withLinks.replace(/(<form method="get" action="\/console[^"]*"[^>]*>)([\s\S]*?<\/form>)/g, (whole, open: string, rest: string) =>
    rest.includes('name="lang"') ? whole : `${open}<input type="hidden" name="lang" value="${language}">${rest}`,
  );
}

/** Pretty JSON (or the text as it came) in a scrolling block, focusable so that a keyboard can scroll it. */
export function codeBlock(text: string | null | undefined): string {
  if (text === null || text === undefined || text === '') return '<p class="muted">—</p>';
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  return `<pre class="code" tabindex="0">${esc(shown)}</pre>`;
}

/** A list page's filters as given, without the page's own parameters (mode, language, cursor, notice). */
export function filtersOf<T extends Record<string, unknown>>(query: T): Omit<T, 'mode' | 'lang' | 'cursor' | 'done'> {
  const filters: Record<string, unknown> = { ...query };
  for (const name of ['mode', 'lang', 'cursor', 'done']) delete filters[name];
  return filters as Omit<T, 'mode' | 'lang' | 'cursor' | 'done'>;
}
