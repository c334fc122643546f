/**
 * The HTML of the signing page and of the page that says why a link cannot be used. Server-side
 * and script-free to read (the note, its version and fingerprint, the PDF link); the steps —
 * one-time password, identification, remarks, the signature pad, the handoff — are forms the
 * page's script drives through the JSON API. What the script needs (the version shown, the
 * steps required, the words) travels in a JSON data block, which a strict CSP allows.
 */
import { localTime } from '../../core/local-time.js';
import { roleWord } from '../signatures/sign-messages.js';
import { PHASE_OF } from '../signatures/signature-rules.js';
import { alert, esc, jsonBlock } from './html.js';
import { disposalStep } from './disposal-step-view.js';
import { otpStep } from './otp-step-view.js';
import { noteView } from './note-view.js';
import { signerCopyBlock } from './signer-copy-view.js';
import { fill, SIGN_APP_WORDS } from './sign-app-words.js';
import type { PageErrorCode, SignAppWords } from './words/page-words.js';
import type { RemarkPhotoFile } from '../remarks/remark-photo-files.js';
import type { SignPage } from './sign-page.js';
import type { MessageLanguage } from '../signatures/sign-messages.js';

export interface PageAssets {
  /** The signature pad, the remark's photo picker, the calls on the sign API, the code step and the disposal form, which the page's script uses: all deferred, so run in this order. */
  pad: string;
  photos: string;
  api: string;
  otp: string;
  disposal: string;
  script: string;
  /** The done page's downloads (signer-copy-view.ts), after the page's script. */
  copy: string;
  /** The signer's copy page's instruction form (after api, otp and disposal). */
  copyDisposal: string;
  style: string;
}

export function shell(language: MessageLanguage, title: string, assets: PageAssets, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><link rel="stylesheet" href="${esc(assets.style)}"></head>
<body>${body}</body></html>`;
}

/** Script tags for `keys`, deferred: they run in this order once the page is parsed. */
export const scripts = (assets: PageAssets, keys: readonly (keyof PageAssets)[]): string => keys.map((key) => `<script src="${esc(assets[key])}" defer></script>`).join('');

/** A listed remark's photos: thumbnails from this origin (the page's CSP), opened by the link itself. */
function remarkPhotos(photos: readonly RemarkPhotoFile[], zone: string, w: SignAppWords): string {
  if (photos.length === 0) return '';
  const items = photos.map(
    (p, i) =>
      `<li><img src="${esc(new URL(p.thumbnail_url).pathname)}" alt="${esc(fill(w.photoAlt, { number: i + 1 }))}" loading="lazy" decoding="async"><span class="muted">${esc(fill(w.photoTaken, { time: localTime(p.captured_at, zone) }))}</span></li>`,
  );
  return `<ul class="photos">${items.join('')}</ul>`;
}

function steps(page: SignPage): string {
  const w = SIGN_APP_WORDS[page.language];
  const phase = PHASE_OF[page.context.role];
  const takeover = page.context.role === 'successive_carrier';
  const remarkTypes = Object.entries(w.remarkTypes).map(([value, label]) => `<option value="${value}">${esc(label)}</option>`).join('');
  const remarks = (page.context.remarks ?? []).map((r) => `<li><strong>${esc(w.remarkTypes[r.type as keyof typeof w.remarkTypes] ?? r.type)}</strong> · ${esc(r.text)}${remarkPhotos(r.photos, page.zones[phase], w)}</li>`).join('');
  return `
${otpStep(w)}
<section class="step" id="step-identification" aria-labelledby="id-title" hidden>
<h2 id="id-title" tabindex="-1">${esc(w.idHeading)}</h2><p>${esc(w.idIntro)}</p>
<form id="id-form" novalidate><label for="id-name">${esc(w.idName)}</label><input id="id-name" name="signer_name" autocomplete="name" maxlength="200" required>
<label for="id-birth">${esc(w.idBirthDate)}</label><input id="id-birth" name="birth_date" type="date" autocomplete="bday" required>
<button type="submit">${esc(w.idSubmit)}</button></form>${alert('id-error')}
</section>
${page.context.remarks === undefined ? '' : `<section class="step" id="step-remarks" aria-labelledby="remarks-title">
<h2 id="remarks-title">${esc(w.remarksHeading[takeover ? 'takeover' : phase])}</h2><p>${esc(w.remarksIntro)}</p><ul id="remarks-list">${remarks}</ul>
<form id="remark-form" novalidate><label for="remark-type">${esc(w.remarkType)}</label><select id="remark-type" name="type">${remarkTypes}</select>
<label for="remark-text">${esc(w.remarkText)}</label><textarea id="remark-text" name="text" rows="3" maxlength="2000" required></textarea>
<label for="remark-photos">${esc(w.remarkPhotos)}</label><p id="remark-photos-hint" class="hint">${esc(w.remarkPhotosHint)}</p>
<input id="remark-photos" name="photos" type="file" accept="image/*" capture="environment" multiple aria-describedby="remark-photos-hint"><ul id="remark-photo-previews" class="photos"></ul>
<button type="submit" class="secondary">${esc(w.remarkAdd)}</button></form><p id="remark-status" role="status"></p>${alert('remark-error')}
</section>`}
${disposalStep(page.language, page.context.role)}
<section class="step" id="step-sign" aria-labelledby="sign-title" hidden>
<h2 id="sign-title" tabindex="-1">${esc(w.signHeading)}</h2>
<form id="sign-form" novalidate>
<label for="signer-name">${esc(w.signerName)}</label><input id="signer-name" name="signer_name" autocomplete="name" maxlength="200" required>
${page.context.identification_required === true ? `<div id="identified-name" hidden><p id="signer-name-hint">${esc(w.signerNameIdentified)}</p><button type="button" id="id-again" class="link">${esc(w.identifyAgain)}</button></div>
` : ''}<div id="draw-area"><p id="draw-hint">${esc(w.drawHint)}</p>
<canvas id="pad" role="img" aria-label="${esc(w.pad)}" aria-describedby="draw-hint"></canvas>
<button type="button" id="pad-clear" class="secondary">${esc(w.clear)}</button></div>
<p id="typed-hint" hidden>${esc(w.typedHint)}</p>
<button type="button" id="mode-toggle" class="link" data-draw="${esc(w.drawInstead)}" data-type="${esc(w.typeInstead)}">${esc(w.typeInstead)}</button>
${takeover ? `<label for="takeover-place">${esc(w.takeoverPlace)}</label><p id="takeover-place-hint" class="hint">${esc(w.takeoverPlaceHint)}</p><input id="takeover-place" name="place" autocomplete="address-level2" maxlength="200" aria-describedby="takeover-place-hint">
` : ''}<button type="button" id="locate" class="secondary">${esc(w.addLocation)}</button><p id="locate-status" role="status"></p>
<button type="submit" id="sign-submit">${esc(w.submit)}</button>${alert('sign-error')}
</form>
</section>
<section class="step" id="step-done" aria-labelledby="done-title" hidden>
<h2 id="done-title" tabindex="-1">${esc(w.doneHeading)}</h2><p id="done-text"></p>
${signerCopyBlock(page.language)}
${page.handOffAfterSigning ? `<div id="handoff" hidden><p>${esc(w.handoffIntro)}</p><button type="button" id="handoff-button">${esc(w.handoff)}</button>${alert('handoff-error')}</div>` : ''}
${page.handedOver ? `<div id="give-back"><p id="give-back-text"><strong>${esc(w.giveBack)}</strong></p>${page.backToDriver ? `<p><a id="back-to-driver" class="button" href="${esc(page.backToDriver)}">${esc(w.backToDriver)}</a></p>` : ''}</div>` : ''}
</section>`;
}

export function renderSignPage(page: SignPage, assets: PageAssets): string {
  const w = SIGN_APP_WORDS[page.language];
  const { context } = page;
  const doc = context.document;
  const data = {
    document: { id: doc.id, version: doc.version, sha256: doc.sha256, url_expires_at: doc.url_expires_at },
    otp_required: context.otp_required,
    identification_required: context.identification_required === true,
    words: w,
  };
  const body = `<header><h1>${esc(w.title)}</h1>
<p>${esc(fill(w.signAs, { role: roleWord(page.language, context.role) }))} ${esc(fill(w.linkValidUntil, { time: localTime(context.expires_at, page.zones.established) }))}</p></header>
<main>
<p class="alert" id="notice" role="alert" tabindex="-1" hidden></p>
<p><a id="go-to-signing" href="#steps">${esc(w.goToSigning)}</a></p>
<noscript><p class="alert">${esc(w.noJavaScript)}</p></noscript>
<section class="document" aria-labelledby="document-title">
<h2 id="document-title">${esc(page.labels.document)}: ${esc(page.labels.version)} ${doc.version}</h2>
<p>${esc(w.readFirst)}</p>
<p><a id="pdf-link" class="button secondary" href="${esc(doc.url)}" target="_blank" rel="noopener">${esc(fill(w.openPdf, { version: doc.version }))}</a></p>
<p>${esc(w.fingerprint)}:<br><code class="hash" id="document-sha256">${esc(doc.sha256)}</code></p>
</section>
${noteView(page.note, page.labels, w, { shipmentId: context.shipment.id, reference: context.shipment.reference, transportType: page.transportType })}
<div id="steps">${steps(page)}</div>
</main>
${jsonBlock('sign-data', data)}${scripts(assets, ['pad', 'photos', 'api', 'otp', 'disposal', 'script', 'copy'])}`;
  return shell(page.language, `${w.title} · ${context.shipment.reference ?? context.shipment.id}`, assets, body);
}

/** The page for a link that cannot be used: why, in the link's language. */
export function renderSignErrorPage(language: MessageLanguage, code: PageErrorCode, requestId: string, assets: PageAssets): string {
  const w = SIGN_APP_WORDS[language];
  const reference = code === 'internal_error' || code === 'service_unavailable' ? `<p>${esc(fill(w.reference, { id: requestId }))}</p>` : '';
  return shell(language, w.errorHeading, assets, `<main class="unusable"><h1>${esc(w.errorHeading)}</h1><p class="alert" role="alert" id="page-error" data-code="${code}">${esc(w.errors[code])}</p>${reference}</main>`);
}
