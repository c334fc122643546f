/**
 * The console's shipment pages of its own: the new-shipment and edit forms (each field with the
 * validator's findings beside it, what was typed kept) and the confirm page of an act that cannot
 * be undone. The forms work without script; with it, shipment-form-script.ts asks the validator as
 * the member types and shows its findings beside the fields already touched.
 */
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import type { Mode } from '../../core/mode.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, modeField } from './console-page-parts.js';
import type { ConsoleLanguage } from './console-words.js';
import { ACT_WORDS, type ShipmentAct } from './shipment-act-words.js';
import { shipmentPath } from './shipment-act-bar.js';
import { fieldId, shipmentFormFields, type FieldGroup, type FormField, type PlacedFindings } from './shipment-form.js';
import { FORM_WORDS } from './shipment-form-words.js';
import { SHIPMENT_WORDS } from './shipment-words.js';

export const SHIPMENT_FORM_SCRIPT_PATH = '/console/assets/shipment-form.js';
export const SHIPMENT_VALIDATE_PATH = '/console/shipments/validate';

export interface ShipmentFormPage {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  mode: Mode;
  /** The member's time zone: the form's times are typed and shown on its wall clock. */
  zone: string;
  /** Absent: the new-shipment form. */
  shipment?: { id: string; reference: string | null; status: string };
  goodsLines: number;
  values: Record<string, string>;
  findings?: PlacedFindings;
  notice?: { text: string; error?: boolean };
  /** The act bar of the shipment (shipment-act-bar.ts), already rendered. */
  actBar?: string;
  /** False when the shipment is no longer a draft: the page then shows its acts only. */
  editable?: boolean;
}

function input(f: FormField, value: string, describedBy: string, invalid: boolean, words: (typeof FORM_WORDS)[ConsoleLanguage]): string {
  const common = `id="${fieldId(f.name)}" name="${esc(f.name)}" aria-describedby="${describedBy}"${invalid ? ' aria-invalid="true"' : ''}`;
  if (f.kind === 'select') {
    const options = ['', ...(f.options ?? [])].map((o) => `<option value="${esc(o)}"${o === value ? ' selected' : ''}>${esc(o === '' ? '—' : (words.packageTypes[o as keyof typeof words.packageTypes] ?? o))}</option>`).join('');
    return `<select ${common}>${options}</select>`;
  }
  const type = { text: 'text', email: 'email', tel: 'tel', country: 'text', integer: 'number', number: 'text', datetime: 'datetime-local', select: 'text' }[f.kind];
  const extra = f.kind === 'country' ? ' maxlength="2" autocapitalize="characters"' : f.kind === 'integer' ? ' min="1" step="1" inputmode="numeric"' : f.kind === 'number' ? ' inputmode="decimal"' : '';
  return `<input type="${type}" ${common} value="${esc(value)}"${extra}>`;
}

function fieldHtml(f: FormField, page: ShipmentFormPage): string {
  const w = FORM_WORDS[page.language];
  const id = fieldId(f.name);
  const found = page.findings?.byField[f.name];
  const messages = [...(found?.errors ?? []), ...(found?.warnings ?? [])];
  const cls = found && found.errors.length === 0 && found.warnings.length > 0 ? 'finding warn' : 'finding';
  const label = w.labels[f.label as keyof typeof w.labels] ?? f.label;
  const hint = f.kind === 'datetime' ? ` <span class="muted">(${esc(page.zone)})</span>` : f.kind === 'country' ? ` <span class="muted">(NL, DE…)</span>` : '';
  return `<div class="field"><label for="${id}">${esc(label)}${hint}</label>${input(f, page.values[f.name] ?? '', `${id}-finding`, (found?.errors.length ?? 0) > 0, w)}<p class="${cls}" id="${id}-finding" data-finding-for="${esc(f.name)}">${esc(messages.join(' '))}</p></div>`;
}

function legend(group: FieldGroup, index: number, language: ConsoleLanguage): string {
  const w = FORM_WORDS[language];
  return group === 'goods' ? w.goodsLine(index + 1) : w.groups[group];
}

export function renderShipmentFormPage(page: ShipmentFormPage): string {
  const w = FORM_WORDS[page.language];
  const fields = shipmentFormFields(page.goodsLines);
  const sets: { key: string; group: FieldGroup; index: number; fields: FormField[] }[] = [];
  for (const f of fields) {
    const index = Number(/^goods\[(\d+)\]/.exec(f.name)?.[1] ?? 0);
    const key = `${f.group}-${index}`;
    const last = sets[sets.length - 1];
    if (last?.key === key) last.fields.push(f);
    else sets.push({ key, group: f.group, index, fields: [f] });
  }
  const general = page.findings?.general ?? [];
  const generalList = `<div id="general-findings" aria-live="polite">${general.length > 0 ? `<h2>${esc(w.otherFindings)}</h2><ul>${general.map((g) => `<li class="${g.warning ? 'finding warn' : 'finding'}"><code>${esc(g.path)}</code> ${esc(g.message)}</li>`).join('')}</ul>` : ''}</div>`;
  const id = page.shipment?.id;
  const action = `${id ? shipmentPath(id, 'edit') : '/console/shipments'}?lang=${page.language}`;
  const validate = `${SHIPMENT_VALIDATE_PATH}?lang=${page.language}`;
  const form =
    page.editable === false
      ? `<p>${esc(w.notDraft(SHIPMENT_WORDS[page.language].statuses[page.shipment?.status ?? ''] ?? page.shipment?.status ?? ''))}</p>`
      : `<p class="muted">${esc(w.intro)}</p>${generalList}<form method="post" action="${esc(action)}" data-validate="${esc(validate)}"${page.findings ? ' data-submitted' : ''} novalidate>${modeField(page.mode)}${id ? `<input type="hidden" name="shipment_id" value="${esc(id)}">` : ''}
${sets.map((s) => `<fieldset><legend>${esc(legend(s.group, s.index, page.language))}</legend><div class="form-grid">${s.fields.map((f) => fieldHtml(f, page)).join('')}</div></fieldset>`).join('\n')}
<button type="submit">${esc(id ? w.save : w.create)}</button></form>`;
  const title = id ? w.editTitle(page.shipment?.reference ?? id) : w.newTitle;
  return renderConsoleFrame({ language: page.language, view: page.view, title, body: `${form}${page.actBar ?? ''}`, scripts: page.editable === false ? [] : [SHIPMENT_FORM_SCRIPT_PATH], ...(page.notice ? { notice: page.notice } : {}) });
}

export interface ActConfirmPage {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  mode: Mode;
  shipmentId: string;
  act: ShipmentAct;
  /** The fields to post again, with `confirmed=1` added. */
  fields: Record<string, string>;
  returnTo: string;
}

/** The second step of an act that cannot be undone: what it does, and one button (cancel asks for a reason too). */
export function renderActConfirmPage(page: ActConfirmPage): string {
  const w = ACT_WORDS[page.language];
  const words = w.confirm[page.act];
  const hidden = Object.entries({ ...page.fields, confirmed: '1' })
    .filter(([name]) => name !== 'mode' && name !== 'reason')
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  const reason = page.act === 'cancel' ? `<label for="f-reason">${esc(w.reason)}</label><textarea id="f-reason" name="reason" rows="2" maxlength="500"></textarea>` : '';
  const body = `<p>${esc(words.text)}</p>
<form method="post" action="${esc(`${shipmentPath(page.shipmentId, page.act)}?lang=${page.language}`)}">${modeField(page.mode)}${hidden}${reason}<div class="actions"><button type="submit" class="danger">${esc(words.button)}</button> <a href="${esc(page.returnTo)}">${esc(w.back)}</a></div></form>`;
  return renderConsoleFrame({ language: page.language, view: page.view, title: words.title, body });
}
