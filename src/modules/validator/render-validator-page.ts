/**
 * The HTML of the public validator page (GET /validate): a form to paste or upload a shipment, the
 * altcha widget that solves the bot check in the browser, and an empty live region the page's
 * script fills with the findings. Script-free HTML apart from the served files; what the script
 * needs (the words, the page's language, the widget's worker) travels in a JSON data block.
 */
import { esc, jsonBlock } from '../sign-app/html.js';
import { MESSAGE_LANGUAGES, type MessageLanguage } from '../signatures/sign-messages.js';
import { VALIDATOR_WORDS } from './validator-words.js';
import type { ValidatorAssetKey } from './validator-assets.js';

export const VALIDATOR_PAGE_PATH = '/validate';
export const PUBLIC_VALIDATE_PATH = '/v1/public/validate';

const LANGUAGE_NAMES: Record<MessageLanguage, string> = { en: 'English', nl: 'Nederlands', de: 'Deutsch', fr: 'Français' };

export function renderValidatorPage(language: MessageLanguage, assets: Record<ValidatorAssetKey, string>): string {
  const w = VALIDATOR_WORDS[language];
  const data = { language, endpoint: PUBLIC_VALIDATE_PATH, worker: assets.worker, words: w };
  const i18n = language === 'en' ? '' : `<script src="${esc(assets[`i18n_${language}`])}" defer></script>`;
  const languages = MESSAGE_LANGUAGES.map((l) =>
    l === language ? `<li><strong aria-current="page" lang="${l}">${LANGUAGE_NAMES[l]}</strong></li>` : `<li><a href="${VALIDATOR_PAGE_PATH}?lang=${l}" lang="${l}" hreflang="${l}">${LANGUAGE_NAMES[l]}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><link rel="icon" href="data:,"><title>${esc(w.title)}</title>
<link rel="stylesheet" href="${esc(assets.baseStyle)}"><link rel="stylesheet" href="${esc(assets.widgetStyle)}"><link rel="stylesheet" href="${esc(assets.style)}"></head>
<body>
<header><h1>${esc(w.title)}</h1><p>${esc(w.intro)}</p>
<nav aria-label="${esc(w.languages)}"><ul class="languages">${languages}</ul></nav></header>
<main>
<noscript><p class="alert">${esc(w.noJavaScript)}</p></noscript>
<form id="validate-form" class="step" novalidate>
<label for="shipment-json">${esc(w.pasteLabel)}</label>
<p class="hint" id="shipment-hint">${esc(w.pasteHint)}</p>
<textarea id="shipment-json" name="shipment" rows="14" spellcheck="false" autocomplete="off" aria-describedby="shipment-hint"></textarea>
<label for="shipment-file">${esc(w.fileLabel)}</label>
<input id="shipment-file" name="file" type="file" accept="application/json,.json">
<p class="label" id="botcheck-label">${esc(w.botcheckLabel)}</p>
<div id="botcheck" role="group" aria-labelledby="botcheck-label"><altcha-widget id="widget" challenge="/v1/public/botcheck" language="${language === 'fr' ? 'fr-fr' : language}" auto="off" name="botcheck" configuration="{&quot;hideFooter&quot;:true}"></altcha-widget></div>
<button type="submit" id="validate-submit">${esc(w.submit)}</button>
<p class="alert" id="form-error" role="alert" tabindex="-1" hidden></p>
</form>
<section id="results" class="step" aria-labelledby="results-title" aria-live="polite" hidden>
<h2 id="results-title" tabindex="-1">${esc(w.resultsHeading)}</h2>
<p id="verdict"></p>
<div id="findings"></div>
</section>
</main>
<footer><p><a href="/docs">${esc(w.apiDocs)}</a> · <a href="/contact">${esc(w.contact)}</a></p></footer>
${jsonBlock('validator-data', data)}${i18n}<script src="${esc(assets.widget)}" defer></script><script src="${esc(assets.script)}" defer></script>
</body></html>`;
}
