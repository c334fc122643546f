// The signing page's script: drives the steps through the JSON sign API (/v1/sign/{token}/…) —
// one-time password, identification, remarks, the signature and the handoff — and says every
// error in the page's language. No framework and no third-party code: the page's CSP allows only
// this origin. Kept in sessionStorage across a reload (a newer version of the note, after a remark
// or a `conflict`): the verified one-time-password token, the identification token with the name
// identified, and the typed name, never the signature.
(() => {
  'use strict';

  const data = JSON.parse(document.getElementById('sign-data').textContent);
  const words = data.words;
  // Calls on this link's sign API and their messages (sign-api.js, loaded before this script).
  const api = window.signApi(words);
  const { token, call, message, say, fill } = api;
  const $ = (id) => document.getElementById(id);

  const store = {
    key: (name) => `sign:${token}:${name}`,
    get(name) {
      try { return sessionStorage.getItem(this.key(name)); } catch { return null; }
    },
    set(name, value) {
      try { if (value === null) sessionStorage.removeItem(this.key(name)); else sessionStorage.setItem(this.key(name), value); } catch { /* private mode: the page works without it */ }
    },
  };

  const state = {
    otpToken: data.otp_required ? store.get('otp') : null,
    identificationToken: data.identification_required ? store.get('identification') : null,
    // At `ades`/`qes` the submit must carry the name given at identification (else 422).
    identifiedName: data.identification_required ? store.get('identified-name') : null,
    location: null,
    mode: 'drawn',
    done: false,
  };

  /** Codes after which this link can do nothing more: every form is closed. */
  const FINAL = new Set(['token_expired', 'token_revoked', 'token_rotated', 'not_found', 'already_signed', 'shipment_immutable', 'invalid_transition']);

  function fail(alertId, result) {
    say(alertId, message(result));
    if (FINAL.has(result.body.code) && !state.done) for (const field of document.querySelectorAll('main input, main select, main textarea, main button')) field.disabled = true;
  }

  /**
   * The note has a newer version (another signature, or this signer's remark): reload to show it,
   * and say why after the reload (`notice`: 'newer' or 'remark').
   */
  function reloadWith(notice) {
    store.set('notice', notice);
    history.scrollRestoration = 'manual';
    location.reload();
  }
  const reloadNewerVersion = () => reloadWith('newer');

  function show(stepId, focus) {
    for (const id of ['step-otp', 'step-identification', 'step-sign', 'step-done']) $(id).hidden = id !== stepId;
    if (focus) $(stepId).querySelector('h2').focus();
  }

  /** The first step still to do: one-time password, identification, then the signature. */
  function next(focus) {
    if (data.otp_required && !state.otpToken) return show('step-otp', focus);
    if (data.identification_required && !state.identificationToken) return show('step-identification', focus);
    return show('step-sign', focus);
  }

  // The note changed while this page was open (submit said `conflict`): this is the new version.
  const notice = store.get('notice');
  store.set('notice', null);
  if (notice === 'newer') {
    say('notice', fill(words.newerVersion, { version: data.document.version }));
    // From the top: the signer reads the new version before signing again.
    window.scrollTo(0, 0);
    $('notice').focus();
  }
  // This signer's remark made a new version: the list and the note show it (scrolled to below).
  if (notice === 'remark' && $('step-remarks')) say('remark-status', fill(words.remarkAdded, { version: data.document.version }));

  // The PDF link lasts 15 minutes: past that, fetch a fresh one (and notice a newer version).
  $('pdf-link').addEventListener('click', async (event) => {
    if (Date.parse(data.document.url_expires_at) - Date.now() > 30_000) return;
    event.preventDefault();
    const result = await call('GET', '');
    if (!result.ok) return fail('sign-error', result);
    if (result.body.document.id !== data.document.id) return reloadNewerVersion();
    data.document.url_expires_at = result.body.document.url_expires_at;
    event.target.href = result.body.document.url;
    location.assign(result.body.document.url);
  });

  // The right of disposal (disposal-form.js): on a link with a one-time password, an instruction
  // without a verified code, or whose code the service no longer takes, shows the code step first.
  const disposal = window.disposalForm(api, words, {
    fail,
    otp: data.otp_required ? {
      token: () => state.otpToken,
      ask(result) {
        state.otpToken = null;
        store.set('otp', null);
        // Once signed (the submit spent the code), the confirmation stays: the code step joins it.
        if (state.done) {
          $('step-otp').hidden = false;
          $('otp-title').focus();
        } else show('step-otp', true);
        if (result) fail('otp-error', result);
      },
    } : null,
  });

  // One-time password (otp-step.js). A code verified for an instruction that waited for it
  // sends that instruction (disposal above) and leaves the signer where they were.
  window.otpStep(api, words, {
    fail,
    verified(otpToken) {
      state.otpToken = otpToken;
      store.set('otp', otpToken);
      const waited = disposal.resend();
      if (state.done) $('step-otp').hidden = true;
      else next(!waited);
    },
  });

  /** The identified name is the name signed with: shown in the name field, read-only, and said so. */
  function carryIdentifiedName() {
    const field = $('signer-name');
    const identified = Boolean(state.identificationToken && state.identifiedName);
    if (identified) field.value = state.identifiedName;
    field.readOnly = identified;
    if (identified) field.setAttribute('aria-describedby', 'signer-name-hint');
    else field.removeAttribute('aria-describedby');
    if ($('identified-name')) $('identified-name').hidden = !identified;
  }

  function forgetIdentification() {
    state.identificationToken = null;
    state.identifiedName = null;
    store.set('identification', null);
    store.set('identified-name', null);
    carryIdentifiedName();
  }

  // Identification at the trust service (levels `ades` and `qes`).
  $('id-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    say('id-error', '');
    const name = $('id-name').value.trim();
    const result = await call('POST', '/identification', { signer_name: name, birth_date: $('id-birth').value });
    if (!result.ok) return fail('id-error', result);
    state.identificationToken = result.body.identification_token;
    state.identifiedName = name;
    store.set('identification', state.identificationToken);
    store.set('identified-name', name);
    store.set('name', name);
    carryIdentifiedName();
    next(true);
  });
  // A typo in the identified name: identify again (the new identification replaces it).
  if ($('id-again')) {
    $('id-again').addEventListener('click', () => {
      $('id-name').value = state.identifiedName ?? '';
      forgetIdentification();
      next(true);
    });
  }

  // Remarks at the signer's phase (the form is there only when the context lists remarks).
  const remarkForm = $('remark-form');
  const picked = remarkForm ? window.remarkPhotos($('remark-photos'), $('remark-photo-previews'), words, (text) => say('remark-error', text)) : null;
  if (remarkForm) {
    remarkForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      say('remark-error', '');
      say('remark-status', '');
      // A reservation goes on the legal note: a link with a one-time password takes one only
      // with the verified code, like the signature.
      if (data.otp_required && !state.otpToken) {
        say('remark-error', words.remarkNeedsOtp);
        return show('step-otp', true);
      }
      const button = remarkForm.querySelector('button[type=submit]');
      button.disabled = true;
      const photos = picked.photos();
      const result = await call('POST', '/remarks', {
        type: $('remark-type').value,
        text: $('remark-text').value.trim(),
        ...(photos.length ? { photos } : {}),
        ...(state.otpToken ? { otp_verified_token: state.otpToken } : {}),
      });
      button.disabled = false;
      if (!result.ok) return fail('remark-error', result);
      // The remark rendered a new version of the note: the page shows that one (its list, its
      // boxes, its version and fingerprint), so the submit names it and gets no `conflict`.
      reloadWith('remark');
    });
  }

  // The signature pad (signature-pad.js, loaded before this script).
  const pad = window.signaturePad($('pad'), {
    enabled: () => !$('sign-submit').disabled,
    onStroke: () => say('sign-error', ''),
  });
  $('pad-clear').addEventListener('click', () => pad.clear());

  $('mode-toggle').addEventListener('click', (event) => {
    state.mode = state.mode === 'drawn' ? 'typed' : 'drawn';
    $('draw-area').hidden = state.mode === 'typed';
    $('typed-hint').hidden = state.mode === 'drawn';
    event.target.textContent = state.mode === 'drawn' ? event.target.dataset.type : event.target.dataset.draw;
    if (state.mode === 'drawn') pad.paint();
  });

  // Location only when asked for, by the signer's press.
  $('locate').addEventListener('click', () => {
    if (!navigator.geolocation) return say('locate-status', words.locationUnavailable);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // The submit takes a WGS 84 position (Coordinates): latitude and longitude.
        const { latitude, longitude } = position.coords;
        state.location = { lat: Number(latitude.toFixed(6)), lng: Number(longitude.toFixed(6)) };
        say('locate-status', fill(words.locationAdded, { lat: state.location.lat, lng: state.location.lng }));
      },
      () => say('locate-status', words.locationUnavailable),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  });

  $('signer-name').value = store.get('name') ?? '';
  $('signer-name').addEventListener('input', (event) => store.set('name', event.target.value));
  // A token whose name was not kept cannot sign (the name must match): identify again.
  if (state.identificationToken && !state.identifiedName) forgetIdentification();
  carryIdentifiedName();

  $('sign-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    say('sign-error', '');
    const name = $('signer-name').value.trim();
    if (!name) {
      say('sign-error', words.needName);
      return $('signer-name').focus();
    }
    if (state.mode === 'drawn' && pad.isEmpty()) return say('sign-error', words.needDrawing);
    const body = {
      signer_name: name,
      signature: state.mode === 'drawn' ? { type: 'drawn', image: pad.png() } : { type: 'typed' },
      document_id: data.document.id,
      document_sha256: data.document.sha256,
      ...(state.otpToken ? { otp_verified_token: state.otpToken } : {}),
      ...(state.identificationToken ? { identification_token: state.identificationToken } : {}),
      ...(state.location ? { location: state.location } : {}),
      // A successive carrier says where it takes the goods over.
      ...($('takeover-place') && $('takeover-place').value.trim() ? { place: $('takeover-place').value.trim() } : {}),
    };
    const button = $('sign-submit');
    button.disabled = true;
    button.textContent = words.submitting;
    const result = await call('POST', '/submit', body);
    button.disabled = false;
    button.textContent = words.submit;
    if (!result.ok) {
      const code = result.body.code;
      if (code === 'conflict') {
        say('sign-error', words.errors.conflict);
        return reloadNewerVersion();
      }
      if (code === 'otp_invalid' && data.otp_required) {
        state.otpToken = null;
        store.set('otp', null);
        next(true);
        return fail('otp-error', result);
      }
      if ((code === 'identification_required' || code === 'identification_invalid') && data.identification_required) {
        forgetIdentification();
        next(true);
        return fail('id-error', result);
      }
      const onName = (result.body.errors ?? []).some((e) => String(e.path).replace(/^\$\./, '') === 'signer_name');
      if (code === 'validation_failed' && onName && state.identifiedName) {
        // The API's finding is in English only: say it in the page's language, name in place.
        carryIdentifiedName();
        say('sign-error', fill(words.nameMustMatch, { name: state.identifiedName }));
        return $('signer-name').focus();
      }
      return fail('sign-error', result);
    }
    state.done = true;
    state.otpToken = null;
    for (const name of ['otp', 'identification', 'identified-name', 'name']) store.set(name, null);
    // What was shown is now an older version: only the confirmation stays.
    for (const el of document.querySelectorAll('#step-remarks, .document, .note, #go-to-signing')) el.hidden = true;
    $('done-text').textContent = fill(words.doneText, { name: result.body.signer_name });
    // Only the driver's own link offers the handoff (the page has it then); a party handed the phone gives it back.
    if ($('handoff')) $('handoff').hidden = false;
    show('step-done', true);
    // The signer's copy (signer-copy.js) fetches its downloads now that there is something signed.
    document.dispatchEvent(new CustomEvent('sign:done'));
  });

  // Handoff: the pickup signer's link mints the consignee's, opened here at once.
  $('handoff-button')?.addEventListener('click', async (event) => {
    say('handoff-error', '');
    event.target.disabled = true;
    const result = await call('POST', '/handoff');
    event.target.disabled = false;
    if (!result.ok) return fail('handoff-error', result);
    location.assign(result.body.url);
  });

  next(false);
  pad.paint();
  // Back to the remarks after the reload a remark caused, once the steps above them are laid out.
  if (notice === 'remark' && $('step-remarks')) $('step-remarks').scrollIntoView({ block: 'start' });
})();
