/**
 * The signer's copy as HTML, one partial for both places it shows: the done page (empty and
 * hidden, filled by signer-copy.js from GET /v1/sign/{token}/copy once the submit succeeded) and
 * the page a used link opens (filled here, readable without script). Plus that page and the one
 * for a link whose copy period has ended. Downloads are the signed /files links, never a key.
 */
import type { SignerCopyView } from '../signer-copies/signer-copy.schema.js';
import { localTime } from '../../core/local-time.js';
import { roleWord, type MessageLanguage } from '../signatures/sign-messages.js';
import { esc, jsonBlock } from './html.js';
import { fill } from './sign-app-words.js';
import { COPY_WORDS } from './words/copy-words.js';


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

/** The body of the page a used link opens while its copy lasts: read-only, the copy to download. */
export function alreadySignedBody(language: MessageLanguage, copy: SignerCopyView): string {
  const w = COPY_WORDS[language];
  const text = fill(w.alreadyText, { name: copy.signer_name, role: roleWord(language, copy.role), time: localTime(copy.signed_at, copy.time_zone) });
  return `<main class="unusable" id="already-signed"><h1>${esc(w.alreadyHeading)}</h1><p id="already-signed-text">${esc(text)}</p>
<p class="hash-line">${esc(copy.shipment.reference ?? copy.shipment.id)} · ${esc(w.fingerprint)}:<br><code class="hash" id="copy-sha256">${esc(copy.consignment_note.sha256)}</code></p>
${signerCopyBlock(language, copy)}</main>`;
}

/** The body of the page of a used link whose copy period has ended. */
export function copyExpiredBody(language: MessageLanguage, days: number): string {
  const w = COPY_WORDS[language];
  return `<main class="unusable"><h1>${esc(w.expiredHeading)}</h1><p class="alert" role="alert" id="page-error" data-code="token_expired">${esc(fill(w.expiredText, { days }))}</p></main>`;
}
