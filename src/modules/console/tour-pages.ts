/**
 * The console's tour list and the form that plans a tour from issued shipments. The form works
 * without script: every button posts the whole form back, so ticking shipments, searching, moving
 * a stop up or down and removing one each answer the same form with its state kept in hidden
 * fields, and only "Plan the tour" creates it. Errors stand beside their fields.
 */
import type { Mode } from '../../core/mode.js';
import type { Page } from '../../core/pagination.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import type { ShipmentView } from '../shipments/shipment-view.js';
import { DRIVER_LANGUAGES } from '../tours/tour.schema.js';
import type { TourView } from '../tours/tour-view.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, hrefWith, modeField, modeSwitch, pager, table } from './console-page-parts.js';
import { CONSOLE_LANGUAGE_NAMES, type ConsoleLanguage } from './console-words.js';
import { TOUR_WORDS } from './tour-words.js';

export interface PlanStop {
  shipment_id: string;
  kind: 'pickup' | 'delivery';
  /** The shipment's reference, when known, to name the stop. */
  reference?: string | null;
}

export interface PlanForm {
  name: string;
  date: string;
  driver_name: string;
  driver_phone: string;
  driver_language: string;
  plate: string;
  trailer_plate: string;
  q: string;
  stops: PlanStop[];
}

/** Errors by field: `name`, `date`, `driver_name`, `driver_phone`, `driver_language`, `plate`, `trailer_plate`, `stops`, `stops[i]`, `pick`. */
export type FieldErrors = Record<string, string[]>;

interface Base {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  mode: Mode;
  mayManage: boolean;
}

export function renderToursPage(p: Base & { page: Page<TourView>; onLaterPage: boolean; notice?: { text: string } }): string {
  const w = TOUR_WORDS[p.language];
  const rows = p.page.data.map((t) => [
    `<a href="${esc(hrefWith(`/console/tours/${t.id}`, { mode: p.mode }))}">${esc(t.name)}</a><br><code>${esc(t.id)}</code>`,
    esc(t.date),
    `<span data-state="${esc(t.status)}">${esc(w.tourStatus[t.status])}</span>`,
    `${esc(t.driver.name)}<br><span class="muted">${esc(t.driver.phone)}</span>`,
    esc(w.stopsDone(t.stops.filter((s) => s.status !== 'pending').length, t.stops.length)),
  ]);
  const plan = p.mayManage ? `<p><a class="button" href="${esc(hrefWith('/console/tours/new', { mode: p.mode }))}">${esc(w.planTour)}</a></p>` : '';
  const body = `${modeSwitch(p.language, '/console/tours', p.mode, p.view.organization.live_enabled)}${plan}
${table([w.name, w.date, w.status, w.driver, w.stops], rows, w.noTours)}
${pager(p.language, '/console/tours', { mode: p.mode }, p.page, p.onLaterPage)}`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'tours', title: w.tours, body, ...(p.notice ? { notice: p.notice } : {}) });
}

function errorsOf(errors: FieldErrors, field: string): string {
  const list = errors[field];
  return list && list.length > 0 ? `<p class="field-error" id="e-${esc(field.replace(/\W/g, '-'))}">${list.map(esc).join(' ')}</p>` : '';
}

/** A labelled input with its help and its errors beside it, tied together for screen readers. */
function input(errors: FieldErrors, field: string, label: string, value: string, options: { type?: string; help?: string; required?: boolean; autocomplete?: string } = {}): string {
  const id = `f-${field}`;
  const described = [options.help ? `h-${field}` : '', errors[field]?.length ? `e-${field}` : ''].filter(Boolean).join(' ');
  return `<div class="field"><label for="${id}">${esc(label)}</label>${options.help ? `<p class="muted" id="h-${field}">${esc(options.help)}</p>` : ''}${errorsOf(errors, field)}<input type="${options.type ?? 'text'}" id="${id}" name="${field}" value="${esc(value)}"${options.required ? ' required' : ''}${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''}${errors[field]?.length ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}></div>`;
}

function stopRows(language: ConsoleLanguage, form: PlanForm, errors: FieldErrors): string {
  const w = TOUR_WORDS[language];
  if (form.stops.length === 0) return `${errorsOf(errors, 'stops')}<p class="muted">${esc(w.noStops)}</p>`;
  const last = form.stops.length - 1;
  const rows = form.stops.map((stop, i) => {
    const n = i + 1;
    const button = (name: string, value: string, text: string, label: string, disabled: boolean) =>
      `<button type="submit" class="secondary small" name="${name}" value="${value}" aria-label="${esc(label)}"${disabled ? ' disabled' : ''}>${esc(text)}</button>`;
    return [
      `${n}<input type="hidden" name="stop" value="${esc(`${stop.shipment_id}:${stop.kind}`)}">`,
      esc(w.kinds[stop.kind]),
      `${stop.reference ? `${esc(stop.reference)}<br>` : ''}<code>${esc(stop.shipment_id)}</code>${errorsOf(errors, `stops[${i}]`)}`,
      `<div class="actions">${button('move', `up:${i}`, w.up, w.moveUp(n), i === 0)}${button('move', `down:${i}`, w.down, w.moveDown(n), i === last)}${button('remove', String(i), w.remove, w.removeStop(n), false)}</div>`,
    ];
  });
  return `${errorsOf(errors, 'stops')}<div class="stops">${table([w.position, w.kind, w.shipment, ''], rows, w.noStops)}</div>`;
}

function picker(language: ConsoleLanguage, form: PlanForm, issued: ShipmentView[], errors: FieldErrors): string {
  const w = TOUR_WORDS[language];
  const chosen = new Set(form.stops.map((s) => s.shipment_id));
  const free = issued.filter((s) => !chosen.has(s.id));
  const party = (s: ShipmentView, key: 'consignor' | 'consignee') => {
    const value = s[key] as { name?: unknown } | undefined;
    return typeof value?.name === 'string' ? value.name : '';
  };
  const boxes = free
    .map((s) => `<label class="check"><input type="checkbox" name="pick" value="${esc(s.id)}"> <span>${esc(typeof s.reference === 'string' ? s.reference : s.id)} · ${esc(party(s, 'consignor'))} → ${esc(party(s, 'consignee'))} <code>${esc(s.id)}</code></span></label>`)
    .join('');
  return `<fieldset><legend>${esc(w.pick)}</legend><p class="muted">${esc(w.pickHelp)}</p>${errorsOf(errors, 'pick')}
<div class="search"><div class="field"><label for="f-q">${esc(w.search)}</label><input type="text" id="f-q" name="q" value="${esc(form.q)}"></div><button type="submit" class="secondary" name="act" value="search">${esc(w.searchButton)}</button></div>
${boxes ? `<div class="picks">${boxes}</div><button type="submit" class="secondary" name="act" value="add">${esc(w.addSelected)}</button>` : `<p class="muted">${esc(w.noIssued)}</p>`}</fieldset>`;
}

export function renderPlanTourPage(p: Base & { form: PlanForm; issued: ShipmentView[]; errors: FieldErrors }): string {
  const w = TOUR_WORDS[p.language];
  const e = p.errors;
  const languages = DRIVER_LANGUAGES.map((l) => `<option value="${l}" lang="${l}"${l === (p.form.driver_language || 'en') ? ' selected' : ''}>${esc(CONSOLE_LANGUAGE_NAMES[l])}</option>`).join('');
  const hasErrors = Object.values(e).some((list) => list.length > 0);
  const body = `${modeSwitch(p.language, '/console/tours/new', p.mode, p.view.organization.live_enabled)}
<form method="post" action="/console/tours/new" novalidate class="plan">${modeField(p.mode)}
<button type="submit" name="act" value="refresh" class="visually" tabindex="-1">${esc(w.refresh)}</button>
<fieldset><legend>${esc(w.tour)}</legend>
${input(e, 'name', w.name, p.form.name, { help: w.nameHelp, required: true })}
${input(e, 'date', w.date, p.form.date, { type: 'date', required: true })}
</fieldset>
<fieldset><legend>${esc(w.driver)}</legend>
${input(e, 'driver_name', w.driverName, p.form.driver_name, { required: true })}
${input(e, 'driver_phone', w.driverPhone, p.form.driver_phone, { type: 'tel', help: w.driverPhoneHelp, required: true })}
<div class="field"><label for="f-driver_language">${esc(w.driverLanguage)}</label>${errorsOf(e, 'driver_language')}<select id="f-driver_language" name="driver_language">${languages}</select></div>
</fieldset>
<fieldset><legend>${esc(w.vehicle)} <span class="muted">${esc(w.optional)}</span></legend>
${input(e, 'plate', w.plate, p.form.plate)}
${input(e, 'trailer_plate', w.trailerPlate, p.form.trailer_plate)}
</fieldset>
<fieldset><legend>${esc(w.stops)}</legend><p class="muted">${esc(w.stopsHelp)}</p>
${stopRows(p.language, p.form, e)}
</fieldset>
${picker(p.language, p.form, p.issued, e)}
<button type="submit" name="act" value="plan">${esc(w.planButton)}</button>
</form>`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'tours', title: w.planTour, body, ...(hasErrors ? { notice: { text: w.errorSummary, error: true } } : {}) });
}
