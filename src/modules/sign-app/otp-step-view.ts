/**
 * The one-time-password step as HTML (hidden until a script shows it), one partial for the signing
 * page and for the signer's copy page, where a sender's used link takes a fresh code to confirm an
 * instruction about the goods. otp-step.js drives it.
 */
import { alert, esc } from './html.js';
import type { SignAppWords } from './words/page-words.js';

export function otpStep(w: SignAppWords): string {
  return `<section class="step" id="step-otp" aria-labelledby="otp-title" hidden>
<h2 id="otp-title" tabindex="-1">${esc(w.otpHeading)}</h2><p>${esc(w.otpIntro)}</p>
<button type="button" id="otp-send" class="secondary">${esc(w.otpSend)}</button><p id="otp-status" role="status"></p>
<form id="otp-form" novalidate><label for="otp-code">${esc(w.otpCode)}</label>
<input id="otp-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
<button type="submit">${esc(w.otpVerify)}</button></form>${alert('otp-error')}
</section>`;
}
