// The one-time-password step (otp-step-view.ts) on the signing page and on the signer's copy page:
// sends a code to the link's recipient, verifies the code typed, and hands the verified token to
// `verified`. Errors go to #otp-error through `fail` (the page decides what else a code closes).
(() => {
  'use strict';

  window.otpStep = (api, words, { fail, verified }) => {
    const $ = (id) => document.getElementById(id);
    $('otp-send').addEventListener('click', async () => {
      api.say('otp-error', '');
      const result = await api.call('POST', '/otp');
      if (!result.ok) return fail('otp-error', result);
      api.say('otp-status', api.fill(words.otpSent, { to: result.body.sent_to }));
      $('otp-code').focus();
    });
    $('otp-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      api.say('otp-error', '');
      const code = $('otp-code').value.replace(/\s/g, '');
      const result = await api.call('POST', '/otp/verify', { code });
      if (!result.ok) return fail('otp-error', result);
      $('otp-code').value = '';
      verified(result.body.otp_verified_token);
    });
  };
})();
