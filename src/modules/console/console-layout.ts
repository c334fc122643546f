/**
 * The frame of every console page: header (organisation, role, switcher, sign out), navigation,
 * an optional notice, and the page's body. Server-rendered; no script but the few forms that check
 * what is typed as it is typed (a file of this origin, CONSOLE_SCRIPT_CSP) and the tour page's small
 * script that follows a tour's progress (allowed by its hash: tour-progress-page.ts); the one stylesheet is inline
 * (CONSOLE_PAGE_CSP allows inline styles and nothing else), readable on a phone (one column, the
 * navigation wraps, each table row a card of named values) and on a laptop (navigation beside the content). Every value goes through `esc`.
 */
import { esc } from '../sign-app/html.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { PREFERENCES_PATH, PREFERENCES_WORDS } from './preferences-words.js';
import { CONSOLE_FRAME_WORDS, CONSOLE_NAV, CONSOLE_NAV_PATHS, type ConsoleLanguage, type ConsoleNavKey } from './console-words.js';

/** No script at all; inline styles; forms post to this origin only; images only inline (data:, the QR code). */
export const CONSOLE_FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
/** The frame's policy for a page that shows pictures the console serves itself (a shipment's remark photos). */
export const CONSOLE_PICTURES_CSP = CONSOLE_FRAME_CSP.replace('img-src data:', "img-src 'self' data:");

/** The shipment page: its remark photos, and its script that follows the shipment (shipment-live.ts). */
export const CONSOLE_LIVE_PICTURES_CSP = `${CONSOLE_PICTURES_CSP}; script-src 'self'; connect-src 'self'`;

/** A page with a script of the console's own (a file of this origin, never inline) that calls the console's routes. */
export const CONSOLE_SCRIPT_CSP = `${CONSOLE_FRAME_CSP}; script-src 'self'; connect-src 'self'`;

const STYLE = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1b1f24;background:#f6f7f9;line-height:1.5}
a{color:#0b57d0}
.visually,.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header.top{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;background:#12263a;color:#fff}
header.top a{color:#fff}
header.top form{display:inline-flex;gap:.25rem;align-items:center;margin:0}
header.top select,header.top button{font:inherit;font-size:.9rem}
.shell{display:flex;flex-wrap:wrap;max-width:80rem;margin:0 auto}
nav.side{flex:0 0 13rem;padding:1rem}
nav.side ul{list-style:none;margin:0;padding:0}
nav.side a{display:block;padding:.35rem .6rem;border-radius:.3rem;text-decoration:none;color:#1b1f24}
nav.side a[aria-current=page]{background:#dbe6f7;font-weight:600}
main{flex:1 1 30rem;min-width:0;padding:1rem 1.25rem 3rem}
h1{font-size:1.5rem;margin:.25rem 0 1rem;overflow-wrap:anywhere}
p{overflow-wrap:anywhere}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.notice{padding:.75rem 1rem;border-radius:.4rem;background:#e6f4ea;border:1px solid #9ad0a8;margin:0 0 1rem}
.notice.error{background:#fdecea;border-color:#f1a8a0}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#fff8e1;border:1px solid #f0d37a;padding:.5rem;border-radius:.3rem}
.table-wrap{overflow-x:auto;background:#fff;border:1px solid #dde1e6;border-radius:.4rem}
table{border-collapse:collapse;width:100%;font-size:.92rem}
.table-wrap table{min-width:44rem}
td code,td .mono{word-break:normal;overflow-wrap:anywhere}td code.whole{overflow-wrap:normal}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #eef0f3;vertical-align:top}
th{background:#f0f2f5;font-weight:600}
code,.mono{font-family:ui-monospace,monospace;font-size:.88em;word-break:break-all}
form.inline{display:inline;margin:0}
fieldset{min-width:0;border:1px solid #dde1e6;border-radius:.4rem;background:#fff;padding:.75rem 1rem;margin:0 0 1rem}
label{display:block;margin:.4rem 0 .15rem;font-weight:500}
label.check{display:flex;gap:.4rem;align-items:center;font-weight:400;margin:.2rem 0}
input[type=text],input[type=search],input[type=date],input[type=email],input[type=url],input[type=number],input[type=datetime-local],input[type=tel],select,textarea{font:inherit;width:100%;max-width:32rem;padding:.4rem .5rem;border:1px solid #b8bfc8;border-radius:.3rem;background:#fff}
button{font:inherit;padding:.4rem .9rem;border-radius:.3rem;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer;margin:.5rem .25rem .25rem 0}
button.secondary{background:#fff;color:#0b57d0}
button.danger{background:#b3261e;border-color:#b3261e}
.muted{color:#5f6b7a;font-size:.9rem}
.pager{display:flex;gap:1rem;margin:.75rem 0}
pre.code{background:#fff;border:1px solid #dde1e6;border-radius:.4rem;padding:.6rem;overflow-x:auto;font-size:.82rem;max-height:30rem;white-space:pre-wrap;word-break:break-all}
dl.facts{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.25rem 1rem;background:#fff;border:1px solid #dde1e6;border-radius:.4rem;padding:.75rem 1rem;margin:0 0 1rem}
dl.facts dt{font-weight:600}dl.facts dd{margin:0;min-width:0;word-break:break-word}
form.filters fieldset{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:0 1rem;align-items:end}
form.filters .wide{grid-column:1/-1}
img.thumb{object-fit:cover;border:1px solid #dde1e6;border-radius:.3rem;background:#fff}
.checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:0 1rem}
.field-error{color:#b3261e;font-weight:600;margin:.15rem 0}
[aria-invalid=true]{border-color:#b3261e!important;border-width:2px!important}
a.button{display:inline-block;padding:.4rem .9rem;border-radius:.3rem;background:#0b57d0;color:#fff;text-decoration:none}
button.small{padding:.2rem .55rem;font-size:.88rem;margin:0}
button:disabled{opacity:.45;cursor:default}
input[type=date],input[type=tel]{font:inherit;width:100%;max-width:32rem;padding:.4rem .5rem;border:1px solid #b8bfc8;border-radius:.3rem;background:#fff}
.search{display:flex;flex-wrap:wrap;gap:0 .75rem;align-items:flex-end}.search .field{flex:1 1 14rem}
.stops .table-wrap table{min-width:0}.stops td code{word-break:break-all}
.picks{display:grid;gap:.1rem;margin:.5rem 0}
ul.missing{margin:0;padding-left:1.1rem}
.state.done{color:#1e6b34;font-weight:600}.state.skipped{color:#8a5300;font-weight:600}.state.pending{color:#5f6b7a}
.actions{display:flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:center}
.form-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:0 1rem}
.form-grid input,.form-grid select{max-width:none}
.finding{color:#a1231b;margin:.15rem 0 .25rem;font-size:.88rem}.finding:empty{margin:0}
.finding.warn{color:#7a4f00}
[aria-invalid=true]{border-color:#a1231b!important;box-shadow:0 0 0 1px #a1231b}
.act-bar{margin:1.5rem 0 0}.act-bar h3{font-size:1rem;margin:1rem 0 .4rem}.act-bar select{width:auto}
@media (max-width:40rem){.table-wrap{overflow-x:visible;background:none;border:0}.table-wrap table,.table-wrap tbody,.table-wrap tr,.table-wrap td{display:block;min-width:0}.table-wrap thead{position:absolute;left:-999px}.table-wrap tr{background:#fff;border:1px solid #dde1e6;border-radius:.4rem;margin:0 0 .6rem;padding:.35rem 0}.table-wrap td{position:relative;border-bottom:0;padding:.2rem .75rem .2rem 40%;min-height:1.8rem;overflow-wrap:anywhere}.table-wrap td[data-label]::before{content:attr(data-label);position:absolute;left:.75rem;width:calc(40% - 1.25rem);font-weight:600;color:#4a5563;overflow-wrap:anywhere}.table-wrap td:not([data-label]){padding-left:.75rem}
nav.side{flex-basis:100%;padding:.5rem 1rem}nav.side ul{display:flex;flex-wrap:wrap;gap:.25rem}main{padding:.75rem}.act-bar table,.act-bar tbody,.act-bar tr,.act-bar th,.act-bar td{display:block}.act-bar th{border-bottom:0;padding-bottom:0}}
`;

export interface ConsoleFrame {
  language: ConsoleLanguage;
  /** The signed-in session (header, switcher); without one, the page is a bare one (sign-in, link refused). */
  view?: ConsoleSessionView;
  /** The page of the navigation to mark as current. */
  active?: ConsoleNavKey;
  title: string;
  /** The page's HTML, already escaped by its renderer. */
  body: string;
  notice?: { text: string; error?: boolean };
  /** Scripts of this origin the page loads (deferred); such a page is sent with CONSOLE_SCRIPT_CSP. */
  scripts?: string[];
}

function header(frame: ConsoleFrame & { view: ConsoleSessionView }): string {
  const w = CONSOLE_FRAME_WORDS[frame.language];
  const { view } = frame;
  const options = view.memberships
    .map((m) => `<option value="${esc(m.organization_id)}"${m.organization_id === view.organization.id ? ' selected' : ''}>${esc(m.name)} (${esc(w.role[m.role])})</option>`)
    .join('');
  const switcher =
    view.memberships.length > 1
      ? `<form method="post" action="/console/organization"><label class="visually" for="org-switch">${esc(w.switchOrganization)}</label><select id="org-switch" name="organization_id">${options}</select><button type="submit" class="secondary">${esc(w.switchTo)}</button></form>`
      : '';
  return `<header class="top"><div><strong>${esc(view.organization.name)}</strong> · ${esc(w.role[view.organization.role])} · ${esc(view.organization.live_enabled ? `${w.sandbox} + ${w.live}` : w.sandbox)}</div>
${switcher}<div>${esc(w.signedInAs)} ${esc(view.user.email)} · <a href="${PREFERENCES_PATH}">${esc(PREFERENCES_WORDS[frame.language].link)}</a> <form method="post" action="/console/sign-out"><button type="submit" class="secondary">${esc(w.signOut)}</button></form></div></header>`;
}

export function renderConsoleFrame(frame: ConsoleFrame): string {
  const w = CONSOLE_FRAME_WORDS[frame.language];
  const nav = frame.view
    ? `<nav class="side" aria-label="${esc(w.console)}"><ul>${CONSOLE_NAV.map((key) => `<li><a href="${CONSOLE_NAV_PATHS[key]}"${key === frame.active ? ' aria-current="page"' : ''}>${esc(w.nav[key])}</a></li>`).join('')}</ul></nav>`
    : '';
  const notice = frame.notice ? `<p class="notice${frame.notice.error ? ' error' : ''}" role="${frame.notice.error ? 'alert' : 'status'}">${esc(frame.notice.text)}</p>` : '';
  return `<!doctype html>
<html lang="${frame.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="same-origin">
<title>${esc(frame.title)} · ${esc(w.console)}</title><style>${STYLE}</style>${(frame.scripts ?? []).map((src) => `<script src="${esc(src)}" defer></script>`).join('')}</head>
<body><a class="skip" href="#content">${esc(w.skipToContent)}</a>
${frame.view ? header({ ...frame, view: frame.view }) : ''}
<div class="shell">${nav}<main id="content"><h1>${esc(frame.title)}</h1>
${notice}${frame.body}
</main></div></body></html>
`;
}
