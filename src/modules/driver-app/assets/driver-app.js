// The driver app's script: sign-in by one-time password, the run, the stop and its actions, over
// the driver API (docs/driver.md) with the session cookie. Every action goes through the outbox
// (driver-queue.js) with its capture time and Idempotency-Key, online or not, so one path serves
// both: with signal it is sent at once, without it waits on the phone and the offline banner and
// the count say so. The screens are in the page (render-driver-page.ts); the views that fill them
// are driver-views.js. No framework and no third-party code: the page's CSP allows only this origin.
(() => {
  'use strict';

  const data = JSON.parse(document.getElementById('driver-data').textContent);
  const { words, language: lang } = data;
  const { h, fill, overlay, runView, stopView, placeName, nextPlace, missingOf, reasonOptions, doneBody, problemText, shrink, position, signScreen, refusedView } = self.driverViews;
  const $ = (id) => document.getElementById(id);
  const SCREENS = ['screen-sign-in', 'screen-run', 'screen-stop', 'screen-sign', 'screen-handoff', 'screen-remark', 'screen-done', 'screen-skip'];
  const state = { tours: null, fromPhone: false, fetchedAt: null, phone: null, pending: [], refused: [], kept: new Set(), photos: [], signing: null };
  const worker = () => navigator.serviceWorker?.controller ?? null;

  /** Calls the driver API; answers { ok, status, body, retryAfter, fromPhone } and never throws. */
  async function api(method, path, body, headers = {}) {
    let response;
    try {
      response = await fetch(path, { method, headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined, credentials: 'same-origin', cache: 'no-store' });
    } catch {
      return { ok: false, status: 0, body: { code: 'network' } };
    }
    let parsed = null;
    try { parsed = await response.json(); } catch { parsed = null; }
    const fromPhone = response.headers.get('x-driver-offline') === '1';
    return { ok: response.ok, status: fromPhone && !response.ok ? 0 : response.status, body: parsed ?? { code: response.ok ? undefined : 'internal_error' }, retryAfter: Number(response.headers.get('retry-after')) || null, fromPhone };
  }

  const message = (problem, retryAfter) => problemText(problem, retryAfter, words);

  function say(id, text, kind) {
    const el = $(id);
    el.textContent = text ?? '';
    el.hidden = !text;
    if (kind) el.className = `toast ${kind}`;
  }

  function show(screen, focus) {
    for (const id of SCREENS) $(id).hidden = id !== screen;
    const heading = $(screen).querySelector('h2');
    if (focus && heading) heading.focus();
    window.scrollTo(0, 0);
  }

  // --- The outbox, the connection and the refusals ---------------------------------------------
  const queue = self.driverQueue.browserQueue(() => refreshQueue());
  // On the wall clock of the stop it concerns (driver-views.js); the run's next stop for the update time.
  const time = (iso, place) => self.driverViews.time(iso, lang, place);

  async function refreshQueue() {
    const before = state.pending.length;
    [state.pending, state.refused] = await Promise.all([queue.pending(), queue.refused()]);
    const count = $('queue-count');
    count.hidden = state.pending.length === 0;
    count.textContent = fill(words.queued, { count: state.pending.length });
    $('refused-list').replaceChildren(...refusedView(state.refused, state.tours, words, lang, (action) => queue.acknowledge(action.key)));
    $('refused').hidden = state.refused.length === 0;
    if (!state.pending.length && $('toast').classList.contains('queued')) say('toast', '');
    // Sent (by this page or by the worker's Background Sync): the run is read again from the service.
    if (state.tours && state.pending.length < before && navigator.onLine) return void loadTours();
    // The run and the stop show what waits.
    if (state.tours) route(true);
  }

  function connection() {
    $('offline-banner').hidden = navigator.onLine;
  }

  /** Sends what waits; with the session ended, keeps it and asks for a new sign-in. */
  async function drain() {
    if (!navigator.onLine) return null;
    const result = await queue.drain();
    if (result.stopped === 'session') {
      $('session-ended').hidden = false;
      location.hash = '#/sign-in';
    }
    if (result.refused) $('refused-title').focus();
    if (result.applied || result.refused) await loadTours();
    return result;
  }

  /** Every action: written to the phone first, then sent if there is signal; the run is read again once sent, by this page or by the worker (its Background Sync may take the lock first). */
  async function act(action, back) {
    await queue.enqueue(action);
    const sync = navigator.serviceWorker?.ready.then((r) => r.sync?.register(self.driverQueue.SYNC_TAG)).catch(() => {});
    location.hash = back;
    const result = await drain();
    await Promise.all([sync, result && !result.applied && !result.refused && !result.stopped && loadTours()]);
    const toast = !result || result.stopped ? { text: words.actionQueued, kind: 'queued' } : !result.refused ? { text: words.actionSaved, kind: '' } : null;
    if (toast) say('toast', toast.text, toast.kind);
    return toast;
  }

  window.addEventListener('online', () => { connection(); drain(); });
  window.addEventListener('offline', connection);
  setInterval(() => { if (state.pending.length) drain(); }, 30_000);
  $('queue-count').addEventListener('click', () => drain());

  // --- The run ----------------------------------------------------------------------------------
  async function loadTours(asked = api('GET', '/v1/driver/tours')) {
    const result = await asked;
    if (result.status === 401) return signInAgain();
    if (!result.ok) return false;
    state.tours = result.body.data;
    state.fromPhone = result.fromPhone;
    const tourLanguage = state.tours[0]?.driver?.language;
    // The page in the driver's language: the server renders it so (the worker then keeps that one);
    // one without words (`es`) is English, asked for once, not again and again.
    const driverLanguage = tourLanguage && (data.languages.includes(tourLanguage) ? tourLanguage : 'en');
    if (driverLanguage && driverLanguage !== lang && !result.fromPhone) {
      location.replace(`/driver?lang=${encodeURIComponent(driverLanguage)}${location.hash}`);
      return true;
    }
    const urls = state.tours.flatMap((t) => t.stops.map((s) => s.note?.download_url)).filter(Boolean);
    for (const url of urls) state.kept.add(new URL(url, location.href).pathname);
    if (!result.fromPhone) worker()?.postMessage({ type: 'keep', urls });
    $('run-source').textContent = result.fromPhone ? words.savedOffline : fill(words.lastUpdated, { time: time(new Date().toISOString(), nextPlace(state.tours)) });
    route(true);
    return true;
  }

  const toursShown = () => overlay(state.tours ?? [], state.pending);
  const open = (tourId, position) => { location.hash = `#/stop/${tourId}/${position}`; };

  function find(tourId, position) {
    const tour = toursShown().find((t) => t.id === tourId);
    return { tour, stop: tour?.stops.find((s) => s.position === Number(position)) };
  }

  /** Shows what the address names; `refresh` when new data came (the run read again, the queue sent), not the driver. */
  function route(refresh = false) {
    const [, screen, tourId, position, step] = location.hash.split('/');
    if (screen === 'sign-in' || !state.tours) return show('screen-sign-in');
    const { tour, stop } = find(tourId, position);
    if (screen !== 'stop' || !stop) {
      $('run').replaceChildren(...runView(toursShown(), words, lang, open));
      return show('screen-run');
    }
    for (const id of ['sign-back', 'remark-back', 'done-back', 'skip-back', 'handoff-back']) $(id).href = `#/stop/${tourId}/${position}`;
    if (!step) {
      $('stop').replaceChildren(...stopView(tour, stop, words, lang, (what) => { location.hash = `#/stop/${tourId}/${position}/${what}`; }, state.kept.size > 0));
      return show('screen-stop', true);
    }
    const context = { tour, stop, back: `#/stop/${tourId}/${position}` };
    // A step already open keeps what the driver typed or drew, and a handoff under way is not asked
    // for again: only the stop it acts on is brought up to date (its note version, its signatures).
    const kept = refresh && state.openStep === location.hash && [state.signing, state.remark, state.closing].filter((o) => o?.back === context.back);
    if (kept) return void kept.forEach((o) => Object.assign(o, { tour, stop }));
    state.openStep = location.hash;
    const steps = { sign_carrier: openSign, sign_takeover: openSign, handoff_consignor: openHandoff, handoff_consignee: openHandoff, remark: openRemark, complete: openDone, skip: openSkip, sign_consignor: openSign, sign_consignee: openSign };
    (steps[step] ?? (() => show('screen-stop')))(context, step);
  }
  window.addEventListener('hashchange', () => { say('toast', ''); route(); });

  const base = ({ tour, stop }) => ({ tour_id: tour.id, position: stop.position, shipment_id: stop.shipment.id, place: placeName(stop) });
  const noteOf = (stop) => (stop.note ? { document_id: stop.note.document_id, sha256: stop.note.sha256, version: stop.note.version } : null);
  const shipmentPath = (stop, what) => `/v1/driver/shipments/${encodeURIComponent(stop.shipment.id)}/${what}`;

  // --- Signing: the carrier here; the consignor or consignee here when there is no signal -------
  const pad = window.signaturePad($('pad'), { enabled: () => true, onStroke: () => say('sign-error', '') });
  $('pad-clear').addEventListener('click', () => pad.clear());

  function openSign(context, step) {
    const { role, own, title, intro } = signScreen(step, words);
    state.signing = { ...context, role, location: null };
    $('sign-title').textContent = title;
    $('sign-intro').textContent = intro;
    $('takeover-place-row').hidden = role !== 'successive_carrier';
    $('takeover-place').value = '';
    $('signer-name').value = own ? context.tour.driver?.name ?? '' : '';
    say('sign-error', '');
    show('screen-sign', true);
    pad.clear();
  }

  $('sign-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const { stop, role, back } = state.signing;
    const name = $('signer-name').value.trim();
    if (!name) return say('sign-error', words.needName);
    if (pad.isEmpty()) return say('sign-error', words.needDrawing);
    const place = $('takeover-place').value.trim();
    const { location } = state.signing;
    if (role === 'successive_carrier' && !place && !location) return say('sign-error', words.needPlace);
    const signature = { type: 'drawn', image: pad.png() };
    const note = noteOf(stop);
    // The consignor or consignee signing here (no signal for a handoff link) signs through the same route, with their role.
    const json = { role, signature, signer_name: name, document_id: note.document_id, document_sha256: note.sha256, ...(role === 'successive_carrier' ? { ...(place ? { place } : {}), ...(location ? { location } : {}) } : {}) };
    const toast = await act({ ...base(state.signing), kind: role === 'successive_carrier' ? 'takeover_signature' : `${role}_signature`, note, creates_version: true, request: { method: 'POST', url: shipmentPath(stop, 'signatures'), json } }, back);
    if (role !== 'carrier' && role !== 'successive_carrier' && toast) say('toast', `${words.handoffBack} ${toast.text}`, toast.kind);
  });

  // The place of a takeover from the phone's position: kept as evidence, and shown in the field for the driver to keep or correct.
  $('use-location').addEventListener('click', async () => {
    state.signing.location = await position();
    if (state.signing.location && !$('takeover-place').value.trim()) $('takeover-place').value = `${state.signing.location.lat.toFixed(5)}, ${state.signing.location.lng.toFixed(5)}`;
    say('sign-error', state.signing.location ? '' : words.noLocation);
  });

  // The handoff: with signal the existing flow (a sign link opened on this phone); without, here.
  async function openHandoff(context, step) {
    const role = step.replace('handoff_', '');
    $('handoff-text').textContent = words.handoffIntro[role];
    say('handoff-error', '');
    show('screen-handoff', true);
    if (!navigator.onLine) return openSign(context, `sign_${role}`);
    const result = await api('POST', shipmentPath(context.stop, 'handoffs'), { role, captured_at: new Date().toISOString() }, { 'idempotency-key': crypto.randomUUID() });
    if (result.ok) {
      $('handoff-text').textContent = `${words.handoffIntro[role]} ${words.handoffOpening}`;
      // Back from the signing app lands on the stop, not on this step (which would open another link).
      history.replaceState(null, '', context.back);
      return location.assign(result.body.url);
    }
    if (result.status === 0) return openSign(context, `sign_${role}`);
    if (result.status === 401) return signInAgain();
    say('handoff-error', message(result.body, result.retryAfter));
  }

  // --- A remark with photos from the camera -------------------------------------------------------
  function openRemark(context) {
    state.remark = context;
    state.photos = [];
    $('remark-form').reset();
    $('remark-stop').textContent = placeName(context.stop);
    renderPhotos();
    say('remark-error', '');
    show('screen-remark', true);
  }

  function renderPhotos() {
    $('photo-count').textContent = state.photos.length ? fill(words.photoCount, { count: state.photos.length }) : '';
    $('photos').replaceChildren(...state.photos.map((src, i) => h('li', null, h('img', { src, alt: '' }),
      h('button', { type: 'button', class: 'secondary', onclick: () => { state.photos.splice(i, 1); renderPhotos(); } }, fill(words.removePhoto, { number: i + 1 })))));
  }

  $('remark-photo').addEventListener('change', async (event) => {
    const [file] = event.target.files;
    event.target.value = '';
    if (!file) return;
    if (state.photos.length >= 5) return say('remark-error', words.tooManyPhotos);
    try {
      state.photos.push(await shrink(file));
    } catch {
      return say('remark-error', words.errors.unsupported_media_type);
    }
    say('remark-error', '');
    renderPhotos();
  });

  $('remark-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = $('remark-text').value.trim();
    if (!text) return say('remark-error', words.needText);
    const { stop, back } = state.remark;
    const json = { phase: stop.kind, type: $('remark-type').value, text, photos: state.photos };
    await act({ ...base(state.remark), kind: 'remark', creates_version: true, request: { method: 'POST', url: shipmentPath(stop, 'remarks'), json } }, back);
  });

  // --- The stop done or skipped ----------------------------------------------------------------
  const completePath = ({ tour, stop }) => `/v1/driver/tours/${encodeURIComponent(tour.id)}/stops/${stop.position}/complete`;

  // Done needs the stop's signatures, or the reason they are missing (the service refuses it otherwise).
  function openDone(context) {
    state.closing = context;
    $('done-stop').textContent = placeName(context.stop);
    const missing = missingOf(context.stop);
    $('done-missing').hidden = missing.length === 0;
    $('done-missing-who').textContent = fill(words.missingHeading, { who: missing.map((r) => words.signerRoles[r]).join(', ') });
    $('done-reason').replaceChildren(...reasonOptions(context.stop, words));
    $('done-text').value = '';
    say('done-error', '');
    show('screen-done', true);
  }
  $('done-confirm').addEventListener('click', () => {
    const { json, error } = doneBody(state.closing.stop, $('done-reason').value, $('done-text').value.trim(), words);
    if (error) return say('done-error', error);
    act({ ...base(state.closing), kind: 'stop_done', request: { method: 'POST', url: completePath(state.closing), json } }, '#/run');
  });

  function openSkip(context) {
    state.closing = context;
    $('skip-form').reset();
    $('skip-stop').textContent = placeName(context.stop);
    say('skip-error', '');
    show('screen-skip', true);
  }
  $('skip-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const code = $('skip-reason').value;
    const text = $('skip-text').value.trim();
    if (code === 'other' && !text) return say('skip-error', words.needReason);
    const reason = [words.skipReasons[code], text].filter(Boolean).join(': ');
    await act({ ...base(state.closing), kind: 'stop_skipped', request: { method: 'POST', url: completePath(state.closing), json: { outcome: 'skipped', reason } } }, '#/run');
  });

  // --- Sign-in ---------------------------------------------------------------------------------
  function signInAgain() {
    state.tours = null;
    if (state.pending.length) $('session-ended').hidden = false;
    show('screen-sign-in', true);
    return false;
  }

  $('phone-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    say('sign-in-error', '');
    state.phone = $('phone').value.replace(/[\s\-().]/g, '');
    const result = await api('POST', '/v1/driver/sign-in', { phone: state.phone });
    if (!result.ok) return say('sign-in-error', message(result.body, result.retryAfter));
    $('phone-form').hidden = true;
    $('code-form').hidden = false;
    say('code-sent', fill(words.codeSent, { phone: state.phone }));
    $('otp-code').focus();
  });

  $('other-phone').addEventListener('click', () => {
    $('code-form').hidden = true;
    $('phone-form').hidden = false;
    $('phone').focus();
  });

  $('code-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    say('sign-in-error', '');
    const result = await api('POST', '/v1/driver/sessions', { phone: state.phone, code: $('otp-code').value.replace(/\s/g, '') });
    if (!result.ok) return say('sign-in-error', message(result.body, result.retryAfter));
    $('session-ended').hidden = true;
    $('code-form').hidden = true;
    $('phone-form').hidden = false;
    $('signed-in-as').textContent = fill(words.signedInAs, { phone: state.phone });
    location.hash = '#/run';
    await loadTours();
    drain();
  });

  $('sign-out').addEventListener('click', async () => {
    await api('DELETE', '/v1/driver/session');
    // The run is the organisation's data: it leaves the phone with the session (what waits stays).
    worker()?.postMessage({ type: 'forget' });
    signInAgain();
  });

  // Back from the signing app (the handoff): the page may come from the browser's memory, stale.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && state.tours) loadTours();
  });

  // --- Start: the worker, what waits on the phone, the session --------------------------------
  async function start() {
    connection();
    // The run is asked for first, beside the session and the phone's queue: on a slow network
    // each call waited for the one before costs a round trip before the driver sees the run.
    const tours = api('GET', '/v1/driver/tours');
    navigator.serviceWorker?.register(data.worker.url, { scope: data.worker.scope }).catch(() => {});
    const [session] = await Promise.all([api('GET', '/v1/driver/session'), refreshQueue()]);
    if (session.ok) {
      state.phone = session.body.phone;
      $('signed-in-as').textContent = fill(words.signedInAs, { phone: state.phone });
    }
    if (session.status === 401) return signInAgain();
    if (!(await loadTours(tours))) return signInAgain();
    drain();
  }
  start();
})();
