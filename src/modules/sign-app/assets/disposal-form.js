// The right-of-disposal form (disposal-step-view.ts) on the signing page and on the signer's copy
// page: the sender's or consignee's instruction to the carrier; the service judges whether this
// party is entitled now (403 disposal_not_entitled names the article). A link with a one-time
// password sends the instruction with the verified token: without one, or with one the service no
// longer takes (`otp_invalid`: expired, or spent by the signature), the instruction waits, the
// page shows the code step (`otp.ask`), and `resend` sends it once the code is verified.
(() => {
  'use strict';

  window.disposalForm = (api, words, { fail, otp }) => {
    const $ = (id) => document.getElementById(id);
    const form = $('disposal-form');
    if (!form) return { resend: () => false };
    const d = words.disposal;
    let waiting = null;

    const showFields = () => {
      const kind = $('disposal-kind').value;
      $('disposal-consignee-fields').hidden = kind !== 'change_consignee';
      $('disposal-place-fields').hidden = kind === 'stop';
    };
    showFields();
    $('disposal-kind').addEventListener('change', showFields);

    function instruction() {
      const kind = $('disposal-kind').value, value = (id) => $('disposal-' + id).value.trim();
      const address = { street: value('street'), postal_code: value('postal_code'), city: value('city'), country: value('country').toUpperCase() };
      return {
        kind, ...(kind === 'change_consignee' ? { consignee: { name: value('consignee'), address } } : {}),
        ...(kind !== 'stop' && address.city ? { delivery: { address } } : {}), ...(value('text') ? { text: value('text') } : {}),
      };
    }

    function waitForCode(body, result) {
      waiting = body;
      otp.ask(result);
      api.say('otp-status', d.needsOtp);
    }

    async function send(body) {
      api.say('disposal-error', ''); api.say('disposal-status', '');
      if (otp && !otp.token()) return waitForCode(body, null);
      const button = form.querySelector('button[type=submit]');
      button.disabled = true;
      const result = await api.call('POST', '/disposal-instructions', { ...body, ...(otp ? { otp_verified_token: otp.token() } : {}) });
      button.disabled = false;
      if (otp && result.body.code === 'otp_invalid') return waitForCode(body, result);
      if (result.body.code === 'disposal_not_entitled') return api.say('disposal-error', [words.errors.disposal_not_entitled, ...(result.body.errors ?? []).map((e) => e.message)].join(' '));
      if (!result.ok) return fail('disposal-error', result);
      form.reset(); showFields(); api.say('disposal-status', d.sent);
      $('disposal-status').scrollIntoView({ block: 'center' });
    }

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void send(instruction());
    });

    return {
      /** After a code was verified: sends the instruction that waited for it; false when none did. */
      resend() {
        if (!waiting) return false;
        const body = waiting;
        waiting = null;
        void send(body);
        return true;
      },
    };
  };
})();
