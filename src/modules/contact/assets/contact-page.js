// The contact page's script: on submit it solves the bot check with the altcha widget (the proof
// of work runs in a web worker served by this service), sends the form as JSON to
// POST /v1/public/contact with the Botcheck-Token header, and shows the thank-you or what went
// wrong — at the fields, or why the message was not sent — in the page's language. Each token
// passes once, so every attempt solves a new challenge.
(() => {
  'use strict';

  const data = JSON.parse(document.getElementById('contact-data').textContent);
  const words = data.words;
  const $ = (id) => document.getElementById(id);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  const FIELDS = ['name', 'email', 'organization', 'message'];

  // The dist/external build of the widget brings no worker: register the one this service serves.
  const altcha = globalThis.$altcha;
  altcha.algorithms.set('PBKDF2/SHA-256', () => new Worker(data.worker));
  altcha.i18n.set(data.language, { ...(altcha.i18n.get('en') || {}), ...words.widget });

  const form = $('contact-form');
  const widget = $('contact-botcheck');
  const submit = $('contact-submit');
  let busy = false;

  function say(id, text) {
    const el = $(id);
    el.textContent = text || '';
    el.hidden = !text;
  }

  function markField(name, text) {
    const input = $(`contact-${name}`);
    say(`contact-${name}-error`, text);
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  function clearErrors() {
    for (const name of FIELDS) markField(name, '');
    say('contact-error', '');
  }

  /** The fields the browser can judge before anything is sent; the service judges again. */
  function localErrors(body) {
    const wrong = [];
    if (!body.name.trim() || body.name.length > data.limits.name) wrong.push('name');
    if (!$('contact-email').checkValidity() || !body.email.trim()) wrong.push('email');
    if ((body.organization || '').length > data.limits.organization) wrong.push('organization');
    if (!body.message.trim() || body.message.length > data.limits.message) wrong.push('message');
    return wrong;
  }

  /** The fields a 422 names: `$.name` and the like; a member we do not know marks nothing. */
  function refusedFields(problem) {
    const names = (problem.errors || []).map((e) => String(e.path || '').replace(/^\$\.?/, '').split(/[.[]/)[0]);
    return FIELDS.filter((f) => names.includes(f));
  }

  function showFieldErrors(names) {
    for (const name of names) markField(name, words.fieldErrors[name]);
    say('contact-error', words.errors.validation_failed);
    $(`contact-${names[0]}`).focus();
  }

  function showError(code, retryAfter) {
    const seconds = retryAfter || 60;
    let text = fill(words.errors[code] || words.errors.internal_error, { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) });
    say('contact-error', text);
    $('contact-error').focus();
  }

  async function token() {
    if (typeof widget.verify !== 'function') return null;
    const result = await widget.verify();
    return result && result.payload ? result.payload : null;
  }

  async function send(body, botcheckToken) {
    try {
      const response = await fetch(data.paths.contact, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': data.language, 'botcheck-token': botcheckToken },
        body: JSON.stringify(body),
        cache: 'no-store',
        credentials: 'omit',
      });
      let parsed = null;
      try { parsed = await response.json(); } catch { parsed = null; }
      return { status: response.status, body: parsed || {}, retryAfter: Number(response.headers.get('retry-after')) || null };
    } catch {
      return { status: 0, body: { code: 'network' }, retryAfter: null };
    }
  }

  function thanks(receipt) {
    $('thanks-reference').textContent = fill(words.reference, { id: receipt.id });
    $('contact-section').hidden = true;
    $('contact-thanks').hidden = false;
    $('thanks-title').focus();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    clearErrors();
    const body = {
      name: $('contact-name').value,
      email: $('contact-email').value.trim(),
      message: $('contact-message').value,
      language: data.language,
    };
    const organization = $('contact-organization').value;
    if (organization.trim()) body.organization = organization;
    const wrong = localErrors(body);
    if (wrong.length) return showFieldErrors(wrong);

    busy = true;
    submit.disabled = true;
    form.setAttribute('aria-busy', 'true');
    say('contact-status', words.sending);
    try {
      const botcheckToken = await token();
      if (!botcheckToken) return showError('botcheck_failed');
      const result = await send(body, botcheckToken);
      if (result.status === 202) return thanks(result.body);
      const code = result.status === 0 ? 'network' : result.body.code;
      if (code === 'validation_failed') {
        const names = refusedFields(result.body);
        if (names.length) return showFieldErrors(names);
      }
      showError(code in words.errors ? code : result.status >= 500 ? 'internal_error' : 'internal_error', result.retryAfter);
    } finally {
      busy = false;
      submit.disabled = false;
      form.removeAttribute('aria-busy');
      say('contact-status', '');
      // The token is spent (or refused): the next attempt solves a new challenge.
      if (typeof widget.reset === 'function') widget.reset();
    }
  });

  for (const name of FIELDS) $(`contact-${name}`).addEventListener('input', () => markField(name, ''));

  $('contact-another').addEventListener('click', () => {
    form.reset();
    $('contact-thanks').hidden = true;
    $('contact-section').hidden = false;
    $('contact-name').focus();
  });
})();
