/**
 * The HTML of the contact page (GET /contact): a form whose script solves the bot check with the
 * altcha widget and sends the message as JSON to POST /v1/public/contact. Labels, hints and error
 * slots are tied to their fields (aria-describedby); the status and the errors are live regions.
 * What the script needs (paths, words) travels in a JSON data block, which a strict CSP allows.
 */
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { esc, jsonBlock } from '../sign-app/html.js';
import { fill } from '../sign-app/sign-app-words.js';
import type { ContactAssetKey } from './contact-assets.js';
import { CONTACT_LIMITS, CONTACT_RETENTION_DAYS } from './contact-policy.js';
import { CONTACT_WORDS } from './contact-words.js';
import type { ContactField } from './words/contact-words.js';

/** Only this origin; workers from it too (the widget's proof of work); no inline script or style. */
export const CONTACT_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; worker-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

export interface ContactPagePaths {
  contact: string;
  botcheck: string;
}

function field(language: MessageLanguage, name: ContactField, control: string, optional = false): string {
  const w = CONTACT_WORDS[language];
  return `<div class="field" id="field-${name}">
<label for="contact-${name}">${esc(w.labels[name])}${optional ? ` <span class="optional">${esc(w.optional)}</span>` : ''}</label>
<p class="hint" id="contact-${name}-hint">${esc(w.hints[name])}</p>
<p class="field-error" id="contact-${name}-error" hidden></p>
${control}
</div>`;
}

export function renderContactPage(language: MessageLanguage, assets: Record<ContactAssetKey, string>, paths: ContactPagePaths): string {
  const w = CONTACT_WORDS[language];
  const described = (name: ContactField) => `aria-describedby="contact-${name}-hint contact-${name}-error"`;
  const data = { language, paths, worker: assets.worker, limits: CONTACT_LIMITS, words: w };
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(w.title)}</title>
<link rel="stylesheet" href="${esc(assets.baseStyle)}"><link rel="stylesheet" href="${esc(assets.widgetStyle)}"><link rel="stylesheet" href="${esc(assets.style)}"></head>
<body><header><h1 id="contact-title">${esc(w.title)}</h1><p>${esc(w.intro)}</p></header>
<main>
<noscript><p class="alert">${esc(w.noJavaScript)}</p></noscript>
<section class="step" id="contact-section" aria-labelledby="contact-title">
<form id="contact-form" novalidate>
${field(language, 'name', `<input id="contact-name" name="name" autocomplete="name" maxlength="${CONTACT_LIMITS.name}" required ${described('name')}>`)}
${field(language, 'email', `<input id="contact-email" name="email" type="email" autocomplete="email" inputmode="email" maxlength="${CONTACT_LIMITS.email}" required ${described('email')}>`)}
${field(language, 'organization', `<input id="contact-organization" name="organization" autocomplete="organization" maxlength="${CONTACT_LIMITS.organization}" ${described('organization')}>`, true)}
${field(language, 'message', `<textarea id="contact-message" name="message" rows="7" maxlength="${CONTACT_LIMITS.message}" required ${described('message')}></textarea>`)}
<altcha-widget id="contact-botcheck" challenge="${esc(paths.botcheck)}" language="${language}" auto="off" configuration='{"hideFooter":true,"hideLogo":false}'></altcha-widget>
<p class="privacy">${esc(fill(w.privacy, { days: CONTACT_RETENTION_DAYS }))}</p>
<p class="alert" id="contact-error" role="alert" tabindex="-1" hidden></p>
<p id="contact-status" role="status" aria-live="polite"></p>
<button type="submit" id="contact-submit">${esc(w.submit)}</button>
</form>
</section>
<section class="step" id="contact-thanks" aria-labelledby="thanks-title" hidden>
<h2 id="thanks-title" tabindex="-1">${esc(w.thanksHeading)}</h2><p id="thanks-text">${esc(w.thanksText)}</p><p id="thanks-reference"></p>
<button type="button" id="contact-another" class="secondary">${esc(w.another)}</button>
</section>
</main>
${jsonBlock('contact-data', data)}<script type="module" src="${esc(assets.widget)}"></script><script src="${esc(assets.script)}" defer></script>
</body></html>`;
}
