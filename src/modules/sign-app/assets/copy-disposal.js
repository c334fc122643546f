// The right of disposal on the signer's copy page: the sender signed at pickup and opens the same
// link later to instruct the carrier. The form (disposal-form.js) sends the instruction; a link
// with a one-time password takes a fresh code first (otp-step.js) — the signature spent the one
// it had — and the instruction is sent once the code is verified. The verified token lives in this
// page only: it opens instructions, never a second signature.
(() => {
  'use strict';

  const block = document.getElementById('disposal-data');
  if (!block) return;
  const data = JSON.parse(block.textContent);
  const words = data.words;
  const api = window.signApi(words);
  const step = document.getElementById('step-otp');
  let otpToken = null;

  const fail = (id, result) => api.say(id, api.message(result));
  const disposal = window.disposalForm(api, words, {
    fail,
    otp: data.otp_required ? {
      token: () => otpToken,
      ask(result) {
        otpToken = null;
        step.hidden = false;
        document.getElementById('otp-title').focus();
        if (result) fail('otp-error', result);
      },
    } : null,
  });
  if (data.otp_required) {
    window.otpStep(api, words, {
      fail,
      verified(verified) {
        otpToken = verified;
        step.hidden = true;
        // Back to the form, whose status line says what became of the instruction.
        document.getElementById('disposal-title').focus();
        disposal.resend();
      },
    });
  }
})();
