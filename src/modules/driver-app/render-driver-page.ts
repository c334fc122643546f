/**
 * The HTML of the driver app at GET /driver: the frame of every screen (sign-in, the run, the stop,
 * signing, a remark with photos, skipping, the handoff) in the driver's language, server-rendered
 * and the same for every driver, so the service worker can keep it for use without signal. The
 * run itself is data the page's script reads from the driver API (and, offline, from the worker's
 * copy) and lays into these screens; the words travel with the page in a JSON data block, which the
 * strict CSP allows, as on the signing page.
 */
import { esc, jsonBlock } from '../sign-app/html.js';
import type { DriverLanguage } from './driver-app-words.js';
import { DRIVER_APP_WORDS, DRIVER_LANGUAGES_OF_APP } from './driver-app-words.js';
import type { DriverWords } from './words/driver-words.js';

export interface DriverPageAssets {
  /** The signing page's signature pad, shared. */
  pad: string;
  queue: string;
  views: string;
  script: string;
  style: string;
}

export interface DriverPageOptions {
  language: DriverLanguage;
  assets: DriverPageAssets;
  /** The service worker's URL and the scope it controls. */
  worker: { url: string; scope: string };
}

const option = (value: string, label: string) => `<option value="${esc(value)}">${esc(label)}</option>`;

function signInScreen(w: DriverWords): string {
  return `<section id="screen-sign-in" aria-labelledby="sign-in-title" hidden>
<h2 id="sign-in-title" tabindex="-1">${esc(w.signInHeading)}</h2><p>${esc(w.signInIntro)}</p>
<form id="phone-form" novalidate><label for="phone">${esc(w.phone)}</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" required aria-describedby="phone-hint"><p class="hint" id="phone-hint">${esc(w.phoneHint)}</p>
<button type="submit">${esc(w.sendCode)}</button></form>
<form id="code-form" novalidate hidden><p id="code-sent" role="status"></p><label for="otp-code">${esc(w.code)}</label>
<input id="otp-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
<button type="submit">${esc(w.signIn)}</button><button type="button" id="other-phone" class="link">${esc(w.otherPhone)}</button></form>
<p class="alert" id="sign-in-error" role="alert" hidden></p>
</section>`;
}

function runScreens(w: DriverWords): string {
  return `<section id="screen-run" aria-labelledby="run-title" hidden>
<h2 id="run-title" tabindex="-1" class="sr-title">${esc(w.appName)}</h2>
<div id="run"></div><p id="run-source" class="muted"></p>
<p id="signed-in-as" class="muted"></p><button type="button" id="sign-out" class="link">${esc(w.signOut)}</button>
</section>
<section id="screen-stop" aria-labelledby="stop-title" hidden>
<a class="back" href="#/run">${esc(w.backToRun)}</a><div id="stop"></div>
</section>`;
}

function signScreen(w: DriverWords): string {
  return `<section id="screen-sign" aria-labelledby="sign-title" hidden>
<a class="back" id="sign-back" href="#/run">${esc(w.cancel)}</a>
<h2 id="sign-title" tabindex="-1">${esc(w.signHeading)}</h2><p id="sign-intro" class="handoff-note">${esc(w.signIntro)}</p>
<form id="sign-form" novalidate><label for="signer-name">${esc(w.signerName)}</label><input id="signer-name" name="signer_name" autocomplete="name" maxlength="200" required>
<div id="takeover-place-row" hidden><label for="takeover-place">${esc(w.takeoverPlace)}</label><div class="place-row"><input id="takeover-place" name="place" maxlength="200" autocomplete="off">
<button type="button" id="use-location" class="secondary">${esc(w.useLocation)}</button></div></div>
<p id="draw-hint">${esc(w.drawHint)}</p><canvas id="pad" role="img" aria-label="${esc(w.pad)}" aria-describedby="draw-hint"></canvas>
<button type="button" id="pad-clear" class="secondary">${esc(w.clear)}</button>
<button type="submit" id="sign-submit" class="primary-action">${esc(w.submitSignature)}</button>
<p class="alert" id="sign-error" role="alert" hidden></p></form>
</section>
<section id="screen-handoff" aria-labelledby="handoff-title" hidden>
<h2 id="handoff-title" tabindex="-1">${esc(w.handoffHeading)}</h2><p id="handoff-text" class="handoff-note"></p>
<p class="alert" id="handoff-error" role="alert" hidden></p><a class="back" id="handoff-back" href="#/run">${esc(w.backToRun)}</a>
</section>`;
}

function remarkScreen(w: DriverWords): string {
  const types = Object.entries(w.remarkTypes).map(([value, label]) => option(value, label)).join('');
  return `<section id="screen-remark" aria-labelledby="remark-title" hidden>
<a class="back" id="remark-back" href="#/run">${esc(w.cancel)}</a>
<h2 id="remark-title" tabindex="-1">${esc(w.remarkHeading)}</h2><p id="remark-stop" class="muted"></p>
<form id="remark-form" novalidate><label for="remark-type">${esc(w.remarkType)}</label><select id="remark-type" name="type">${types}</select>
<label for="remark-text">${esc(w.remarkText)}</label><textarea id="remark-text" name="text" rows="3" maxlength="2000" required></textarea>
<p class="label-like"><strong>${esc(w.photos)}</strong></p>
<input id="remark-photo" class="photo-input" type="file" accept="image/*" capture="environment"><label for="remark-photo" class="photo-label">${esc(w.takePhoto)}</label>
<p id="photo-count" class="muted" role="status"></p><ul id="photos" class="photos"></ul>
<button type="submit" class="primary-action">${esc(w.saveRemark)}</button>
<p class="alert" id="remark-error" role="alert" hidden></p></form>
</section>`;
}

function closeScreens(w: DriverWords): string {
  const reasons = Object.entries(w.skipReasons).map(([value, label]) => option(value, label)).join('');
  return `<section id="screen-done" aria-labelledby="done-title" hidden>
<a class="back" id="done-back" href="#/run">${esc(w.cancel)}</a>
<h2 id="done-title" tabindex="-1">${esc(w.doneHeading)}</h2><p id="done-stop" class="muted"></p>
<div id="done-missing" class="missing" hidden><h3 id="done-missing-who"></h3><p>${esc(w.missingIntro)}</p>
<label for="done-reason">${esc(w.missingReason)}</label><select id="done-reason" name="reason"></select>
<label for="done-text">${esc(w.missingText)}</label><textarea id="done-text" name="text" rows="2" maxlength="500"></textarea></div>
<button type="button" id="done-confirm" class="primary-action">${esc(w.doneConfirm)}</button>
<p class="alert" id="done-error" role="alert" hidden></p>
</section>
<section id="screen-skip" aria-labelledby="skip-title" hidden>
<a class="back" id="skip-back" href="#/run">${esc(w.cancel)}</a>
<h2 id="skip-title" tabindex="-1">${esc(w.skipHeading)}</h2><p id="skip-stop" class="muted"></p>
<form id="skip-form" novalidate><label for="skip-reason">${esc(w.skipReason)}</label><select id="skip-reason" name="reason">${reasons}</select>
<label for="skip-text">${esc(w.skipText)}</label><textarea id="skip-text" name="text" rows="2" maxlength="500"></textarea>
<button type="submit" class="danger">${esc(w.skipConfirm)}</button>
<p class="alert" id="skip-error" role="alert" hidden></p></form>
</section>`;
}

export function renderDriverPage({ language, assets, worker }: DriverPageOptions): string {
  const w = DRIVER_APP_WORDS[language];
  // The languages with words: a driver's other language (`es`) is shown in English, and the script must not keep asking for it.
  const data = { language, languages: DRIVER_LANGUAGES_OF_APP, worker, words: w };
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="theme-color" content="#0a2a66"><title>${esc(w.appName)}</title><link rel="stylesheet" href="${esc(assets.style)}"></head>
<body><header class="topbar"><div class="topbar-row"><h1>${esc(w.appName)}</h1></div><button type="button" id="queue-count" class="queue-count" hidden></button>
<div class="offline-banner" id="offline-banner" role="status" hidden><p>${esc(w.offline)}</p></div></header>
<main>
<noscript><p class="alert">${esc(w.noJavaScript)}</p></noscript>
<section id="refused" class="refused" aria-labelledby="refused-title" hidden><h2 id="refused-title" tabindex="-1">${esc(w.refusedHeading)}</h2><p>${esc(w.refusedIntro)}</p><ul id="refused-list"></ul></section>
<p class="alert" id="session-ended" role="alert" hidden>${esc(w.sessionEnded)}</p>
<p class="toast" id="toast" role="status" hidden></p>
${signInScreen(w)}
${runScreens(w)}
${signScreen(w)}
${remarkScreen(w)}
${closeScreens(w)}
</main>
${jsonBlock('driver-data', data)}<script src="${esc(assets.pad)}" defer></script><script src="${esc(assets.queue)}" defer></script><script src="${esc(assets.views)}" defer></script><script src="${esc(assets.script)}" defer></script>
</body></html>`;
}
