// The driver app's views: the run (tours and their stops in driving order) and the stop in front of
// the driver with its next action, built as DOM nodes (never HTML strings: every value is the
// organisation's data) from the driver API's tours with this phone's queued actions laid over
// them. `self.driverViews` is its interface; driver-app.js wires it to the screens.
(() => {
  'use strict';

  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

  /** An element: `h('p', { class: 'x' }, 'text', child)`; attributes that are null are left out. */
  function h(tag, attributes, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes ?? {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
      else el.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) el.append(child instanceof Node ? child : String(child));
    return el;
  }

  /** What this phone has done and not yet sent, laid over the server's tours: the driver sees it done. */
  function overlay(tours, pending) {
    const copy = structuredClone(tours);
    for (const action of pending) {
      const tour = copy.find((t) => t.id === action.tour_id);
      const stop = tour?.stops.find((s) => s.position === action.position);
      if (!stop) continue;
      const drop = (item) => { stop.todo = stop.todo.filter((t) => t !== item); };
      stop.waiting = (stop.waiting ?? 0) + 1;
      const signedHere = /^(carrier|consignor|consignee|takeover)_signature$/.exec(action.kind);
      const role = signedHere?.[1] === 'takeover' ? 'successive_carrier' : signedHere?.[1];
      for (const item of stop.checklist?.signatures ?? []) if (role && item.role === role) Object.assign(item, { signed: true, signer_name: action.request?.json?.signer_name ?? null, signed_at: action.captured_at, level: 'platform_auth' });
      if (action.kind === 'carrier_signature') drop('sign_carrier');
      if (action.kind === 'takeover_signature') {
        drop('sign_takeover');
        drop('remark');
        if (stop.takeover) Object.assign(stop.takeover, { signed: true, place: action.request?.json?.place ?? null });
      }
      if (action.kind === 'consignor_signature') drop('handoff_consignor');
      if (action.kind === 'consignee_signature') drop('handoff_consignee');
      if (action.kind === 'stop_done' || action.kind === 'stop_skipped') {
        stop.status = action.kind === 'stop_done' ? 'done' : 'skipped';
        stop.todo = [];
      }
    }
    for (const tour of copy) tour.next_stop_position = tour.stops.find((s) => s.status === 'pending')?.position ?? null;
    return copy;
  }

  /**
   * A stop's time on the wall clock of its place, not the phone's, with the zone named as the note
   * prints it (`08:00 CET`): the service sends the place's zone and its names by offset
   * (core/local-time.ts). 24-hour whatever the locale: no European dock uses 07:00 AM.
   */
  function time(iso, lang, place) {
    const zone = place?.time_zone;
    const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    if (!zone) return new Date(iso).toLocaleTimeString(lang, options);
    const parts = new Intl.DateTimeFormat(lang, { ...options, timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(iso));
    const clock = parts.filter((p) => p.type === 'hour' || p.type === 'minute').map((p) => p.value).join(':');
    const offset = (parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT').replace('GMT', '') || '+00:00';
    return `${clock} ${place.time_zone_names?.[offset] ?? (zone === 'UTC' ? 'UTC' : `UTC${offset}`)}`;
  }
  const day = (date, lang) => new Date(`${date}T12:00:00Z`).toLocaleDateString(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const kindLabel = (stop, words) => ({ pickup: words.pickup, delivery: words.delivery, takeover: words.takeover })[stop.kind] ?? stop.kind;
  const placeName = (stop) => stop.place?.name ?? stop.shipment.reference ?? stop.shipment.id;
  const addressLine = (a) => (a ? [a.street, [a.postal_code, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') : '');
  const windowLine = (place, lang) => {
    const w = place.window;
    return w && (w.from || w.to) ? [w.from && time(w.from, lang, place), w.to && time(w.to, lang, place)].filter(Boolean).join(' – ') : '';
  };

  function runView(tours, words, lang, open) {
    if (!tours.length) return [h('p', { class: 'card' }, words.noTours)];
    const nodes = [];
    const next = tours.find((t) => t.next_stop_position !== null);
    if (next) {
      const stop = next.stops.find((s) => s.position === next.next_stop_position);
      nodes.push(h('div', { class: 'next-action' }, h('h3', null, words.nextStop), h('p', null, h('strong', null, `${stop.position}. ${kindLabel(stop, words)}`), ' · ', placeName(stop)),
        h('button', { type: 'button', class: 'primary-action', id: 'open-next', onclick: () => open(next.id, stop.position) }, fill(words.openStop, { position: stop.position }))));
    }
    for (const [heading, group] of [[words.today, tours.filter((t) => t.today)], [words.upcoming, tours.filter((t) => !t.today)]]) {
      if (!group.length) continue;
      nodes.push(h('h2', null, heading));
      for (const tour of group) {
        const done = tour.stops.filter((s) => s.status !== 'pending').length;
        nodes.push(h('section', { class: 'card tour', 'data-tour': tour.id },
          h('div', { class: 'tour-head' }, h('h3', null, tour.name), h('p', { class: 'muted' }, day(tour.date, lang))),
          h('p', { class: 'muted' }, [tour.organization_name, tour.vehicle?.plate].filter(Boolean).join(' · ')),
          h('p', null, fill(words.stopsDone, { done, total: tour.stops.length })),
          h('ol', { class: 'stops' }, tour.stops.map((stop) => h('li', null, stopButton(tour, stop, words, lang, open))))));
      }
    }
    return nodes;
  }

  function stopButton(tour, stop, words, lang, open) {
    const classes = ['stop-link', stop.position === tour.next_stop_position ? 'next' : '', stop.status !== 'pending' ? 'finished' : ''].filter(Boolean).join(' ');
    return h('button', { type: 'button', class: classes, 'data-position': stop.position, onclick: () => open(tour.id, stop.position) },
      h('span', { class: 'pos', 'aria-hidden': 'true' }, stop.position),
      h('span', null, h('span', { class: `kind ${stop.kind}` }, kindLabel(stop, words)), ' ', h('span', { class: `badge ${stop.status}` }, words.stopStatus[stop.status]),
        stop.stopped && stop.status === 'pending' ? [' ', h('span', { class: 'badge stopped' }, words.stoppedHeading)] : null),
      h('span', null, h('strong', null, placeName(stop)), addressLine(stop.place?.address), stop.place?.window ? h('span', { class: 'muted' }, ` · ${windowLine(stop.place, lang)}`) : null));
  }

  /** The actions of a stop, the first of its to-do list first and biggest. */
  function actionsOf(stop, words) {
    const labels = { sign_carrier: words.signAsCarrier, sign_takeover: words.signTakeover, handoff_consignor: words.handToConsignor, handoff_consignee: words.handToConsignee, complete: words.markDone };
    const main = stop.todo.filter((t) => t in labels);
    return { next: main[0] ?? null, later: main.slice(1), label: (t) => labels[t] };
  }

  function stopView(tour, stop, words, lang, act, pdfKept) {
    const place = stop.place ?? {};
    const { next, later, label } = actionsOf(stop, words);
    const coordinates = place.coordinates;
    const facts = [];
    const fact = (term, ...value) => facts.push(h('dt', null, term), h('dd', null, ...value));
    if (place.address) fact(words.address, addressLine(place.address));
    if (place.window) fact(words.window, windowLine(place, lang));
    if (place.contact) fact(words.contact, [place.contact.name].filter(Boolean).join(''), place.contact.phone ? h('a', { class: 'button secondary', href: `tel:${place.contact.phone}` }, fill(words.call, { phone: place.contact.phone })) : null);
    if (place.instructions) fact(words.instructions, place.instructions);
    if (stop.goods) fact(words.goods, h('ul', null, stop.goods.lines.map((l) => h('li', null, [l.quantity, l.package_type, l.description, l.gross_weight_kg ? `${l.gross_weight_kg} kg` : null].filter((v) => v !== null && v !== undefined).join(' ')))));
    // replaceChildren prints a null as "null": the parts a stop does not have are left out here.
    return [
      h('h2', { id: 'stop-title', tabindex: '-1' }, `${kindLabel(stop, words)} · ${placeName(stop)}`),
      stoppedBanner(stop, words),
      takeoverLine(stop, words),
      h('p', null, fill(words.stopOf, { position: stop.position, total: tour.stops.length }), ' ', h('span', { class: `badge ${stop.status}` }, words.stopStatus[stop.status]), ' · ', stop.shipment.reference ?? stop.shipment.id),
      stop.adr?.dangerous_goods ? h('p', { class: 'adr' }, `${words.dangerous}: UN ${(stop.adr.un_numbers ?? []).join(', ')} · ${words.adrClass} ${(stop.adr.classes ?? []).join(', ')}`) : null,
      // Stopped goods: the banner says what to do; "nothing left to do" would say otherwise.
      h('div', { class: 'next-action', id: 'next-action' }, next || !stop.stopped ? h('h3', null, next ? words.nextAction : words.allDone) : null,
        next ? h('button', { type: 'button', class: 'primary-action', 'data-action': next, onclick: () => act(next) }, label(next)) : null,
        later.map((t) => h('button', { type: 'button', class: 'secondary', 'data-action': t, onclick: () => act(t) }, label(t))),
        stop.todo.includes('remark') ? h('button', { type: 'button', class: 'secondary', 'data-action': 'remark', onclick: () => act('remark') }, words.addRemark) : null,
        stop.status === 'pending' ? h('button', { type: 'button', class: 'danger', 'data-action': 'skip', onclick: () => act('skip') }, words.skipStop) : null),
      h('div', { class: 'links' },
        coordinates ? h('a', { class: 'button secondary', id: 'map-geo', href: `geo:${coordinates.lat},${coordinates.lng}?q=${coordinates.lat},${coordinates.lng}` }, words.mapApp) : null,
        coordinates ? h('a', { class: 'button secondary', id: 'map-osm', href: `https://www.openstreetmap.org/?mlat=${coordinates.lat}&mlon=${coordinates.lng}#map=17/${coordinates.lat}/${coordinates.lng}`, rel: 'noopener noreferrer', target: '_blank' }, words.mapWeb) : null,
        stop.note ? h('a', { class: 'button secondary', id: 'note-pdf', href: stop.note.download_url, target: '_blank', rel: 'noopener' }, `${words.notePdf} · v${stop.note.version}`) : null,
        stop.note && !pdfKept ? h('p', { class: 'muted', id: 'pdf-offline', hidden: navigator.onLine }, words.pdfOffline) : null),
      checklistView(stop, words, lang),
      h('dl', { class: 'facts' }, facts),
    ].filter((part) => part !== null);
  }

  /** Goods stopped by the right of disposal: said first and loud, with the instruction's own words. */
  function stoppedBanner(stop, words) {
    if (!stop.stopped || stop.status !== 'pending') return null;
    return h('div', { class: 'stopped-banner', id: 'stopped-banner', role: 'alert' }, h('h3', null, words.stoppedHeading), h('p', null, words.stoppedText), stop.stopped.text ? h('p', null, h('q', null, stop.stopped.text)) : null);
  }

  /** At a takeover: whom the driver signs for and from whom; waiting for the pickup, or done and where. */
  function takeoverLine(stop, words) {
    const t = stop.takeover;
    if (!t) return null;
    const lines = [h('p', null, fill(words.takeoverFor, { carrier: t.carrier ?? '', number: t.successive_index + 1, from: t.from_carrier ?? '' }))];
    if (t.signed) lines.push(h('p', { class: 'muted' }, fill(words.takeoverDone, { place: t.place ?? '' })));
    else if (stop.status === 'pending' && stop.shipment.status === 'issued') lines.push(h('p', { class: 'adr', id: 'takeover-waiting' }, words.takeoverWaiting));
    return h('div', { class: 'card takeover', id: 'takeover' }, lines);
  }

  /** A stop's place, and the run's next one: the wall clocks its times are read on. */
  const placeOf = (tours, tourId, position) => tours?.find((t) => t.id === tourId)?.stops.find((s) => s.position === position)?.place;
  function nextPlace(tours) {
    const tour = tours?.find((t) => t.next_stop_position !== null) ?? tours?.[0];
    return tour?.stops.find((s) => s.position === tour.next_stop_position)?.place ?? tour?.stops[0]?.place;
  }

  /** The signatures the stop still needs (pending stops only: one through has nothing left to give). */
  const missingOf = (stop) => (stop.status === 'pending' ? (stop.checklist?.signatures ?? []).filter((s) => !s.signed).map((s) => s.role) : []);

  /** What is done and what is missing at the stop: signatures, remarks with their photos, the note version. */
  function checklistView(stop, words, lang) {
    const list = stop.checklist;
    if (!list) return null;
    const levels = { platform_auth: 'platform', ades: 'AdES', qes: 'QES' };
    return h('section', { class: 'card checklist', id: 'checklist', 'aria-labelledby': 'checklist-title' },
      h('h3', { id: 'checklist-title' }, words.checklistHeading),
      h('ul', { class: 'signatures' }, list.signatures.map((s) => h('li', { class: s.signed ? 'signed' : 'missing', 'data-role': s.role },
        h('span', { class: 'mark', 'aria-hidden': 'true' }, s.signed ? '✓' : '✗'), ' ', h('strong', null, words.signerRoles[s.role]), ': ',
        s.signed ? fill(words.signedBy, { name: s.signer_name ?? '', time: time(s.signed_at, lang, stop.place), level: levels[s.level] ?? s.level ?? '' }) : words.notSigned))),
      h('h4', null, words.remarksRecorded),
      list.remarks.length === 0 ? h('p', { class: 'muted' }, words.noRemarks) : h('ul', { class: 'remarks' }, list.remarks.map((r) => h('li', { 'data-remark': r.id },
        h('strong', null, words.remarkTypes[r.type] ?? r.type), ` · ${time(r.created_at, lang, stop.place)}`, r.text ? h('p', null, r.text) : null,
        r.photos.length ? h('ul', { class: 'thumbs' }, r.photos.map((p, i) => h('li', null, h('img', { src: p.url, alt: fill(words.photoAlt, { number: i + 1 }), loading: 'lazy', width: 72, height: 72 })))) : null))),
      list.note_version ? h('p', { class: 'muted', id: 'checklist-note' }, fill(words.noteVersion, { version: list.note_version })) : null);
  }

  /** The reasons a stop may be done without its signatures; "absent" names the stop's party. */
  const reasonOptions = (stop, words) => [h('option', { value: '' }, '—'), ...[`party_absent_${stop.kind}`, 'signed_on_paper', 'refused_to_sign', 'other'].map((r) => h('option', { value: r }, words.missingReasons[r]))];

  /** The body of "stop done": with the reason when signatures are missing; `error` when the driver must pick or write one. */
  function doneBody(stop, picked, text, words) {
    if (!missingOf(stop).length) return { json: { outcome: 'done' } };
    const reason = picked.replace(/^party_absent_.*/, 'party_absent');
    if (!reason) return { error: words.errors.signatures_missing };
    if (reason === 'other' && !text) return { error: words.needMissingText };
    return { json: { outcome: 'done', missing_signatures: { reason, ...(text ? { text } : {}) } } };
  }

  /** A refusal or failure in the driver's words (the API's detail is English: only its field findings are added). */
  function problemText(problem, retryAfter, words) {
    let code = problem.code in words.errors ? problem.code : problem.status >= 500 ? 'internal_error' : 'invalid_state';
    // A signature refused as a move the shipment cannot make: it is delivered (or cancelled) already.
    if (code === 'invalid_transition' && /_signature$/.test(problem.kind ?? '')) code = 'shipment_immutable';
    const seconds = retryAfter ?? 60;
    const text = fill(words.errors[code], { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) });
    return code === 'validation_failed' ? [text, ...(problem.errors ?? []).map((e) => e.message)].join(' ') : text;
  }

  /** A camera photo made smaller on the phone (longest side 1600 px, JPEG): it travels as a data URL, maybe over a weak signal. */
  async function shrink(file) {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.82);
  }

  /** The phone's position ({ lat, lng, accuracy_m }) for a takeover's place, or null when it gives none. */
  function position() {
    return new Promise((resolve) => {
      if (!navigator.geolocation) return resolve(null);
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude, ...(Number.isFinite(coords.accuracy) ? { accuracy_m: coords.accuracy } : {}) }),
        () => resolve(null),
        { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
      );
    });
  }

  /** The sign screen of a step: the driver signs for its own carrier (the first at a pickup, the successive one at a takeover, with the place), or the person handed the phone signs. */
  function signScreen(step, words) {
    const role = { sign_carrier: 'carrier', sign_takeover: 'successive_carrier' }[step] ?? step.replace('sign_', '');
    const [title, intro] = { carrier: [words.signHeading, words.signIntro], successive_carrier: [words.takeoverHeading, words.takeoverIntro] }[role] ?? [words.handoffHeading, words.handoffOfflineIntro[role]];
    return { role, own: role === 'carrier' || role === 'successive_carrier', title, intro };
  }

  /** The actions the service refused, each with when it was made, why it was refused, and the button that says the driver has read it. */
  function refusedView(refused, tours, words, lang, acknowledge) {
    return refused.map((action) => h('li', { 'data-code': action.code ?? '' },
      h('p', null, fill(words.refusedItem, { action: fill(words.actions[action.kind], { place: action.place }), time: time(action.captured_at, lang, placeOf(tours, action.tour_id, action.position)), reason: problemText(action, null, words) })),
      h('button', { type: 'button', class: 'secondary', onclick: () => acknowledge(action) }, words.acknowledge)));
  }

  self.driverViews = { h, fill, kindLabel, overlay, runView, stopView, placeName, placeOf, nextPlace, time, missingOf, reasonOptions, doneBody, problemText, shrink, position, signScreen, refusedView };
})();
