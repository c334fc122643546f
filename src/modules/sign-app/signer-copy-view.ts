/**
 * The signer's copy as HTML, one partial for both places it shows: the done page (empty and
 * hidden, filled by signer-copy.js from GET /v1/sign/{token}/copy once the submit succeeded) and
 * the page a used link opens (filled here, readable without script). Plus that page — with the
 * instruction form for a party that may still dispose of the goods — and the one for a link whose
 * copy period has ended. Downloads are the signed /files links, never a key.
 */
import type { SignerCopyView } from '../signer-copies/signer-copy.schema.js';
import { localTime } from '../../core/local-time.js';
import { roleWord, type MessageLanguage } from '../signatures/sign-messages.js';
import { esc, jsonBlock } from './html.js';
import { disposalStep } from './disposal-step-view.js';
import { otpStep } from './otp-step-view.js';
import { fill, SIGN_APP_WORDS } from './sign-app-words.js';
import { COPY_WORDS } from './words/copy-words.js';

/** The right of disposal offered on the page of a used link (signer-copy-page.ts). */
export interface CopyInstructions {
  /** The link asks for a one-time password: a fresh code before the instruction is sent. */
  otpRequired: boolean;
}

function links(language: MessageLanguage, copy: SignerCopyView): string {
  const w = COPY_WORDS[language];
  const note = copy.consignment_note;
  const items = [`<li><a id="copy-note" class="button secondary" href="${esc(note.url)}" download>${esc(fill(w.note, { version: note.version }))}</a></li>`];
  if (copy.proof_of_delivery) items.push(`<li><a id="copy-pod" class="button secondary" href="${esc(copy.proof_of_delivery.url)}" download>${esc(w.pod)}</a></li>`);
  return items.join('');
}

/** The download block; without `copy`, the done page's empty one with the words its script needs. */
export function signerCopyBlock(language: MessageLanguage, copy?: SignerCopyView): string {
  const w = COPY_WORDS[language];
  const intro = copy ? esc(fill(w.intro, { time: localTime(copy.copy_expires_at, copy.time_zone) })) : '';
  return `<section class="copy" id="signer-copy" aria-labelledby="copy-title"${copy ? '' : ' hidden'}>
<h2 id="copy-title">${esc(w.heading)}</h2><p id="copy-intro">${intro}</p>
<ul class="downloads" id="copy-links">${copy ? links(language, copy) : ''}</ul><p id="copy-status" role="status"></p>
</section>${copy ? '' : jsonBlock('copy-words', w)}`;
}

/**
 * The form to instruct the carrier, the same as on the signing page, and the code step it may
 * need; what copy-disposal.js needs in a data block. Without script the page still shows the copy.
 */
function instructionForm(language: MessageLanguage, copy: SignerCopyView, instructions: CopyInstructions): string {
  const w = SIGN_APP_WORDS[language];
  return `<noscript><p class="alert">${esc(w.disposal.noJavaScript)}</p></noscript>${disposalStep(language, copy.role)}${instructions.otpRequired ? otpStep(w) : ''}${jsonBlock('disposal-data', { otp_required: instructions.otpRequired, words: w })}`;
}

/** The body of the page a used link opens while its copy lasts: the copy to download, read-only, and the instruction form when offered. */
export function alreadySignedBody(language: MessageLanguage, copy: SignerCopyView, instructions: CopyInstructions | null = null): string {
  const w = COPY_WORDS[language];
  const text = fill(instructions ? w.alreadyTextInstruct : w.alreadyText, { name: copy.signer_name, role: roleWord(language, copy.role), time: localTime(copy.signed_at, copy.time_zone) });
  return `<main class="unusable" id="already-signed"><h1>${esc(w.alreadyHeading)}</h1><p id="already-signed-text">${esc(text)}</p>
<p class="hash-line">${esc(copy.shipment.reference ?? copy.shipment.id)} · ${esc(w.fingerprint)}:<br><code class="hash" id="copy-sha256">${esc(copy.consignment_note.sha256)}</code></p>
${signerCopyBlock(language, copy)}${instructions ? instructionForm(language, copy, instructions) : ''}</main>`;
}

/** The body of the page of a used link whose copy period has ended. */
export function copyExpiredBody(language: MessageLanguage, days: number): string {
  const w = COPY_WORDS[language];
  return `<main class="unusable"><h1>${esc(w.expiredHeading)}</h1><p class="alert" role="alert" id="page-error" data-code="token_expired">${esc(fill(w.expiredText, { days }))}</p></main>`;
}
