/**
 * The buttons of a shipment's acts, for any console page that shows one shipment: only those the
 * shipment's status and the member's role allow. Each is a form posting to this origin (the
 * console's forgery protection is the Origin check of every POST and the SameSite session cookie,
 * so a form carries no token); an act that cannot be undone (issue, cancel, revoke a sign link,
 * invoice) first shows a confirm page. The act's route sends the browser back to `returnTo` with
 * `done=<act>` or `act_error=<code>&act=<act>`, which `shipmentActNotice` turns into the page's notice.
 */
import { ERROR_CATALOGUE, errorTitle, type ErrorCode } from '../../core/errors.js';
import type { Mode } from '../../core/mode.js';
import type { MemberRole } from '../console-auth/console-auth.tables.js';
import { roleMay } from '../console-auth/member-permissions.js';
import type { ShipmentStatus } from '../shipments/shipment-status.js';
import type { SignatureRequestView } from '../signatures/signature-request-view.js';
import type { SignatureRole } from '../signatures/signature-rules.js';
import { esc, modeField } from './console-page-parts.js';
import type { ConsoleLanguage } from './console-words.js';
import { ACT_WORDS, SHIPMENT_ACTS, type ShipmentAct } from './shipment-act-words.js';

export interface ShipmentActBarInput {
  shipmentId: string;
  status: ShipmentStatus;
  /** The shipment's sign links (the API's views, or these fields of them), any status. */
  signRequests: readonly Pick<SignatureRequestView, 'id' | 'role' | 'status' | 'recipient_hint'>[];
  /** Whether its e-invoice was issued. */
  invoiced: boolean;
  role: MemberRole;
  language: ConsoleLanguage;
  mode: Mode;
  /** Where an act sends the browser back to; default the shipment's page. */
  returnTo?: string;
  /** Leave out the edit link (on the edit page itself). */
  onEditPage?: boolean;
}

/** The roles whose sign links belong to a status: consignor and carrier at pickup, the consignee at delivery. */
const SIGNERS: Partial<Record<ShipmentStatus, readonly SignatureRole[]>> = { issued: ['consignor', 'carrier'], in_transit: ['consignee'] };

export function shipmentPath(id: string, act?: ShipmentAct | 'edit'): string {
  return `/console/shipments/${encodeURIComponent(id)}${act ? `/${act === 'sign_link' ? 'sign-links' : act}` : ''}`;
}

function actForm(input: ShipmentActBarInput, act: ShipmentAct, label: string, hidden: Record<string, string>, options: { danger?: boolean; extra?: string } = {}): string {
  const fields = Object.entries({ return_to: input.returnTo ?? shipmentPath(input.shipmentId), ...hidden })
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  return `<form method="post" action="${esc(`${shipmentPath(input.shipmentId, act)}?lang=${input.language}`)}" class="inline">${modeField(input.mode)}${fields}${options.extra ?? ''}<button type="submit"${options.danger ? ' class="danger"' : ''}>${esc(label)}</button></form>`;
}

function signLinkRow(input: ShipmentActBarInput, role: SignatureRole): string {
  const w = ACT_WORDS[input.language];
  const mine = input.signRequests.filter((r) => r.role === role);
  const pending = mine.find((r) => r.status === 'pending');
  const head = `<th scope="row">${esc(w.signer[role])}</th>`;
  if (mine.some((r) => r.status === 'completed')) return `<tr>${head}<td>${esc(w.signed)}</td></tr>`;
  if (pending) {
    const resend = actForm(input, 'sign_link', w.resend, { act: 'resend', request_id: pending.id }, {});
    const revoke = actForm(input, 'sign_link', w.revoke, { act: 'revoke', request_id: pending.id }, { danger: true });
    return `<tr>${head}<td>${esc(w.pendingTo(pending.recipient_hint))}<div class="actions">${resend}${revoke}</div></td></tr>`;
  }
  const id = `channel-${role}`;
  const channel = `<label class="visually" for="${id}">${esc(w.channel)}</label><select id="${id}" name="channel"><option value="email">${esc(w.email)}</option><option value="sms">${esc(w.sms)}</option></select> `;
  return `<tr>${head}<td>${actForm(input, 'sign_link', w.send, { act: 'send', role }, { extra: channel })}</td></tr>`;
}

/** The act buttons of one shipment (HTML, escaped); empty when the role or status allows none. */
export function shipmentActBar(input: ShipmentActBarInput): string {
  const w = ACT_WORDS[input.language];
  const manage = roleMay(input.role, 'shipments:manage');
  const buttons: string[] = [];
  if (manage && input.status === 'draft' && !input.onEditPage) buttons.push(`<a href="${esc(`${shipmentPath(input.shipmentId, 'edit')}?lang=${input.language}`)}">${esc(w.edit)}</a>`);
  if (manage && input.status === 'draft') buttons.push(actForm(input, 'issue', w.label.issue, {}));
  if (manage && (input.status === 'draft' || input.status === 'issued')) buttons.push(actForm(input, 'cancel', w.label.cancel, {}, { danger: true }));
  if (roleMay(input.role, 'invoices:manage') && input.status === 'delivered' && !input.invoiced) buttons.push(actForm(input, 'invoice', w.label.invoice, {}));
  const signers = manage ? (SIGNERS[input.status] ?? []) : [];
  const links = signers.length > 0 ? `<h3>${esc(w.signLinks)}</h3><div class="table-wrap"><table><tbody>${signers.map((r) => signLinkRow(input, r)).join('')}</tbody></table></div>` : '';
  if (buttons.length === 0 && !links) return '';
  return `<section class="act-bar" aria-labelledby="acts-${esc(input.shipmentId)}"><h2 id="acts-${esc(input.shipmentId)}">${esc(w.acts)}</h2>${buttons.length > 0 ? `<div class="actions">${buttons.join('')}</div>` : ''}${links}</section>`;
}

const DONE = ['created', 'updated', 'issued', 'cancelled', 'sent', 'resent', 'revoked', 'invoiced'] as const;
export type ActDone = (typeof DONE)[number];

/** The notice of an act's outcome from the query it sent the browser back with, in the page's language. */
export function shipmentActNotice(language: ConsoleLanguage, query: { done?: string; act_error?: string; act?: string }): { text: string; error?: boolean } | undefined {
  const w = ACT_WORDS[language];
  if (DONE.includes(query.done as ActDone)) return { text: w.done[query.done as ActDone] };
  const code = query.act_error as ErrorCode | undefined;
  if (!code || !(code in ERROR_CATALOGUE) || !SHIPMENT_ACTS.includes(query.act as ShipmentAct)) return undefined;
  const failed = w.failed(w.label[query.act as ShipmentAct]);
  // `Issue did not go through: Invalid transition. …`; after the other languages' sentence a full stop (French and Polish have a colon in it).
  return { text: `${failed}${language === 'en' || language === 'nl' ? ':' : '.'} ${refusalWords(language, code, actReason(language, code) ?? '')}`, error: true };
}

/** The act words' own reason for a refusal code, when they have one. */
function actReason(language: ConsoleLanguage, code: ErrorCode): string | undefined {
  const why: Partial<Record<string, string>> = ACT_WORDS[language].why;
  return why[code];
}

/** Where a refusal shows the API's `detail` after the title; the detail is English, so other pages prefer the act words' own reason. */
const SAYS_DETAIL: ReadonlySet<ConsoleLanguage> = new Set(['en', 'nl']);

/**
 * A refusal of the API in the page's words: the catalogue's title of the code in the page's
 * language, then `detail`; in a language the API's detail is not in, the act words' own reason
 * for the code instead where they have one.
 */
export function refusalWords(language: ConsoleLanguage, code: ErrorCode, detail: string): string {
  const reason = SAYS_DETAIL.has(language) ? detail : (actReason(language, code) ?? detail);
  return `${errorTitle(code, language)}. ${reason}`.trim();
}
