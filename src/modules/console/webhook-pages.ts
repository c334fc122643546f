/**
 * The console's webhook pages: endpoints (list, create, edit, delete with confirmation, rotate the
 * secret — the new one shown once —, send a test ping and see its result), the delivery log with
 * filters, and one delivery with every attempt, what was sent and what came back, and a retry.
 */
import type { Mode } from '../../core/mode.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { DELIVERY_STATUSES } from '../webhooks/webhook-delivery.schema.js';
import type { WebhookDeliveryDetailView, WebhookDeliveryView } from '../webhooks/webhook-delivery-view.js';
import type { WebhookEndpointView } from '../webhooks/webhook-endpoint-view.js';
import { renderConsoleFrame } from './console-layout.js';
import { attemptErrorCell, attemptResponseCell, deliveryStateCell, deliveryStateFacts } from './delivery-status.js';
import { codeBlock, esc, filterForm, hrefWith, modeField, modeSwitch, pager, selectField, table, textField, timeHtml, zoneOf } from './console-page-parts.js';
import { CONSOLE_FRAME_WORDS, type ConsoleLanguage } from './console-words.js';
import { WEBHOOK_WORDS as WORDS, type WebhookWords } from './webhook-words.js';


export type WebhookDone = keyof WebhookWords['done'];
export const WEBHOOK_DONE = Object.keys(WORDS.en.done) as WebhookDone[];

export function webhookDoneText(language: ConsoleLanguage, done: WebhookDone): string {
  return WORDS[language].done[done];
}

interface Base {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  mode: Mode;
  mayManage: boolean;
  notice?: { text: string; error?: boolean } | undefined;
}

function frame(base: Base, title: string, body: string): string {
  return renderConsoleFrame({ language: base.language, view: base.view, active: 'webhooks', title, body, ...(base.notice ? { notice: base.notice } : {}) });
}

/** The values of the endpoint form, as typed (a refused form is shown again with them). */
export interface EndpointFormValues {
  url?: string;
  events?: string;
  description?: string;
  active?: boolean;
}

function endpointForm(base: Base, action: string, values: EndpointFormValues, submit: string, withActive: boolean): string {
  const w = WORDS[base.language];
  return `<form method="post" action="${esc(action)}"><fieldset>${modeField(base.mode)}
${textField('url', w.url, values.url, 'url')}
<label for="f-events">${esc(w.events)}</label><input type="text" id="f-events" name="events" value="${esc(values.events ?? '*')}" aria-describedby="events-help"><p class="muted" id="events-help">${esc(w.eventsHelp)}</p>
${textField('description', w.description, values.description)}
${withActive ? `<label class="check"><input type="checkbox" name="active" value="1"${values.active === false ? '' : ' checked'}> ${esc(w.active)}</label>` : ''}
<button type="submit">${esc(submit)}</button></fieldset></form>`;
}

const at = (path: string, mode: Mode) => esc(hrefWith(path, { mode }));

export function renderWebhooksPage(base: Base & { page: { data: WebhookEndpointView[]; next_cursor: string | null }; onLaterPage: boolean; form?: EndpointFormValues }): string {
  const w = WORDS[base.language];
  const none = CONSOLE_FRAME_WORDS[base.language].none;
  const rows = base.page.data.map((e) => [
    `<a href="${at(`/console/webhooks/${e.id}`, base.mode)}" class="mono">${esc(e.url)}</a>${e.description ? `<br><span class="muted">${esc(e.description)}</span>` : ''}`,
    `<code>${esc(e.events.join(' '))}</code>`,
    esc(e.active ? w.active : w.inactive),
    timeHtml(e.created_at, zoneOf(base.view)),
    `<a href="${esc(hrefWith('/console/webhooks/deliveries', { endpoint_id: e.id, mode: base.mode }))}">${esc(w.deliveries)}</a>`,
  ]);
  const create = base.mayManage ? `<h2>${esc(w.create)}</h2>${endpointForm(base, '/console/webhooks', base.form ?? {}, w.createButton, false)}` : '';
  const body = `${modeSwitch(base.language, '/console/webhooks', base.mode, base.view.organization.live_enabled)}
<p><a href="${at('/console/webhooks/deliveries', base.mode)}">${esc(w.deliveries)}</a></p>
<h2>${esc(w.endpoints)}</h2>${table([w.url, w.events, w.status, w.created, ''], rows, none)}
${pager(base.language, '/console/webhooks', { mode: base.mode }, base.page, base.onLaterPage)}${create}`;
  return frame(base, w.title, body);
}

export function renderEndpointPage(base: Base & { endpoint: WebhookEndpointView; form?: EndpointFormValues; secret?: string }): string {
  const w = WORDS[base.language];
  const e = base.endpoint;
  const secret = base.secret ? `<h2>${esc(w.secretTitle)}</h2><p>${esc(w.secretText)}</p><p class="secret" id="new-secret">${esc(base.secret)}</p>` : '';
  const values = base.form ?? { url: e.url, events: e.events.join(' '), description: e.description ?? '', active: e.active };
  const path = `/console/webhooks/${e.id}`;
  const button = (action: string, label: string, cls = 'secondary') => `<form method="post" action="${esc(`${path}/${action}`)}" class="inline">${modeField(base.mode)}<button type="submit" class="${cls}">${esc(label)}</button></form>`;
  const manage = base.mayManage
    ? `<div class="actions">${button('ping', w.ping)}${button('rotate', w.rotate)}<a href="${at(`${path}/delete`, base.mode)}">${esc(w.delete)}</a></div><p class="muted">${esc(w.rotateHelp)}</p>
<h2>${esc(w.edit)}</h2>${endpointForm(base, path, values, w.save, true)}`
    : `<dl class="facts"><dt>${esc(w.events)}</dt><dd><code>${esc(e.events.join(' '))}</code></dd><dt>${esc(w.description)}</dt><dd>${esc(e.description ?? '—')}</dd><dt>${esc(w.status)}</dt><dd>${esc(e.active ? w.active : w.inactive)}</dd></dl>`;
  const body = `${secret}<p class="mono">${esc(e.id)}</p>
<p><a href="${esc(hrefWith('/console/webhooks/deliveries', { endpoint_id: e.id, mode: base.mode }))}">${esc(w.deliveries)}</a> · <a href="${at('/console/webhooks', base.mode)}">${esc(w.back)}</a></p>
${manage}`;
  return frame(base, `${w.endpoint}: ${e.url}`, body);
}

export function renderDeleteEndpointPage(base: Base & { endpoint: WebhookEndpointView }): string {
  const w = WORDS[base.language];
  const e = base.endpoint;
  const body = `<p>${esc(w.deleteText(e.url))}</p><form method="post" action="/console/webhooks/${esc(e.id)}/delete" class="actions">${modeField(base.mode)}<button type="submit" class="danger">${esc(w.confirmDelete)}</button> <a href="${at(`/console/webhooks/${e.id}`, base.mode)}">${esc(w.cancel)}</a></form>`;
  return frame(base, w.deleteTitle, body);
}

export function renderDeliveriesPage(
  base: Base & { endpoints: WebhookEndpointView[]; filters: Record<string, string | undefined>; page: { data: WebhookDeliveryView[]; next_cursor: string | null }; onLaterPage: boolean },
): string {
  const w = WORDS[base.language];
  const none = CONSOLE_FRAME_WORDS[base.language].none;
  const urls = new Map(base.endpoints.map((e) => [e.id, e.url]));
  const fields = [
    selectField('endpoint_id', w.endpoint, base.filters.endpoint_id, [{ value: '', label: w.any }, ...base.endpoints.map((e) => ({ value: e.id, label: e.url }))]),
    selectField('status', w.status, base.filters.status, [{ value: '', label: w.any }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: w.statuses[s] }))]),
    textField('event_type', w.eventType, base.filters.event_type),
  ];
  // The state second: on a phone the table scrolls sideways, and the state is what one looks for.
  const rows = base.page.data.map((d) => [
    `<a href="${at(`/console/webhooks/deliveries/${d.id}`, base.mode)}">${timeHtml(d.created_at, zoneOf(base.view))}</a>`,
    deliveryStateCell(base.language, zoneOf(base.view), d),
    `<code>${esc(d.event_type)}</code>`,
    `<span class="mono">${esc(urls.get(d.endpoint_id) ?? d.endpoint_id)}</span>`,
    esc(d.attempts),
    esc(d.response_status ?? '—'),
  ]);
  const body = `${modeSwitch(base.language, '/console/webhooks/deliveries', base.mode, base.view.organization.live_enabled)}
${filterForm('/console/webhooks/deliveries', base.mode, fields, w.filter)}
${table([w.created, w.status, w.eventType, w.endpoint, w.attempts, w.response], rows, none)}
${pager(base.language, '/console/webhooks/deliveries', { ...base.filters, mode: base.mode }, base.page, base.onLaterPage)}
<p><a href="${at('/console/webhooks', base.mode)}">${esc(w.back)}</a></p>`;
  return frame(base, w.deliveries, body);
}

export function pingNotice(language: ConsoleLanguage, d: WebhookDeliveryDetailView): { text: string; error: boolean } {
  return { text: WORDS[language].pingResult(WORDS[language].statuses[d.status], d.response_status === null ? '' : String(d.response_status)), error: d.status !== 'succeeded' };
}

export function renderDeliveryPage(base: Base & { delivery: WebhookDeliveryDetailView; endpointUrl?: string }): string {
  const w = WORDS[base.language];
  const d = base.delivery;
  const attempts = d.attempt_history.map((a) => [
    esc(a.number),
    esc(w.outcomes[a.outcome]),
    timeHtml(a.started_at, zoneOf(base.view)),
    esc(a.duration_ms === null ? '—' : `${a.duration_ms} ms`),
    attemptResponseCell(base.language, a),
    attemptErrorCell(a),
  ]);
  // Any delivery can be retried at any time: a pending one now, any other as a new delivery.
  const [retryLabel, retryHelp] = d.status === 'pending' ? [w.retryNow, w.retryNowHelp] : [w.retry, w.retryHelp];
  const retry = base.mayManage
    ? `<form method="post" action="/console/webhooks/deliveries/${esc(d.id)}/retry">${modeField(base.mode)}<button type="submit">${esc(retryLabel)}</button></form><p class="muted">${esc(retryHelp)}</p>`
    : '';
  const body = `<dl class="facts">
<dt>${esc(CONSOLE_FRAME_WORDS[base.language].id)}</dt><dd><code>${esc(d.id)}</code></dd>
<dt>${esc(w.event)}</dt><dd><code>${esc(d.event_type)}</code> <span class="mono muted">${esc(d.event_id)}</span></dd>
<dt>${esc(w.endpoint)}</dt><dd><a href="${at(`/console/webhooks/${d.endpoint_id}`, base.mode)}" class="mono">${esc(base.endpointUrl ?? d.endpoint_id)}</a></dd>
<dt>${esc(w.status)}</dt><dd>${deliveryStateFacts(base.language, zoneOf(base.view), d)}</dd>
<dt>${esc(w.origin)}</dt><dd>${esc(w.origins[d.origin])}${d.replay_of ? ` · ${esc(w.replayOf)} <a href="${at(`/console/webhooks/deliveries/${d.replay_of}`, base.mode)}">${esc(d.replay_of)}</a>` : ''}</dd>
<dt>${esc(w.created)}</dt><dd>${timeHtml(d.created_at, zoneOf(base.view))}</dd>
${d.next_attempt_at ? `<dt>${esc(w.nextAttempt)}</dt><dd>${timeHtml(d.next_attempt_at, zoneOf(base.view))}</dd>` : ''}
</dl>${retry}
<h2>${esc(w.attempts)}</h2>${table([w.attempt, w.outcome, w.started, w.duration, w.response, w.error], attempts, CONSOLE_FRAME_WORDS[base.language].none)}
<h2>${esc(w.answer)}</h2>${codeBlock(d.response_body)}
<h2>${esc(w.sentHeaders)}</h2>${codeBlock(d.request_headers ? JSON.stringify(d.request_headers) : null)}
<h2>${esc(w.sentBody)}</h2>${codeBlock(d.request_body)}
<p><a href="${esc(hrefWith('/console/webhooks/deliveries', { endpoint_id: d.endpoint_id, mode: base.mode }))}">${esc(w.deliveries)}</a></p>`;
  return frame(base, `${w.delivery} ${d.id}`, body);
}
