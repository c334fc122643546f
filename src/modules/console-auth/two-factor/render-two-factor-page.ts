/**
 * The console page /console/two-factor: the user's factor and what can be done with it now — set
 * it up (the QR code as an inline image, the key as text, a form for the first code), pass it after
 * sign-in, make new recovery codes, turn it off — and, once, freshly made recovery codes. Forms
 * post to /console/two-factor/<act>; no script. Every value goes through `esc`.
 */
import { esc } from '../../sign-app/html.js';
import type { ConsoleSessionView } from '../console-auth.schema.js';
import { renderConsoleFrame } from '../../console/console-layout.js';
import type { ConsoleLanguage } from '../../console/console-words.js';
import type { TwoFactorStatus } from './describe-two-factor.js';
import type { TwoFactorEnrolment } from './enrol-two-factor.js';
import { TWO_FACTOR_WORDS, type TwoFactorWords } from './two-factor-words.js';

export const TWO_FACTOR_PAGE = '/console/two-factor';

export interface TwoFactorPage {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  status: TwoFactorStatus;
  /** The pending enrolment (state `pending`). */
  enrolment?: TwoFactorEnrolment;
  /** Recovery codes just made: shown this once. */
  recoveryCodes?: string[];
  notice?: { text: string; error?: boolean };
  /** `?lang=…` to keep on the forms' actions, when the page was asked for in a chosen language. */
  query: string;
}

function codeField(id: string, label: string, numeric: boolean): string {
  const hints = numeric ? ' inputmode="numeric" pattern="[0-9 ]{6,7}" maxlength="7"' : ' maxlength="64"';
  return `<label for="${id}">${esc(label)}</label><input type="text" id="${id}" name="code" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" required${hints}>`;
}

function form(page: TwoFactorPage, act: string, body: string, button: string, kind = ''): string {
  return `<form method="post" action="${TWO_FACTOR_PAGE}/${act}${esc(page.query)}">${body}<button type="submit"${kind ? ` class="${kind}"` : ''}>${esc(button)}</button></form>`;
}

function statusLine(w: TwoFactorWords, status: TwoFactorStatus): string {
  if (status.state === 'off') return w.stateOff;
  if (status.state === 'pending') return w.statePending;
  const date = `${status.confirmed_at!.slice(0, 16).replace('T', ' ')} UTC`;
  return w.stateOn.replace('{date}', date).replace('{left}', String(status.recovery_codes_left));
}

function recoverySection(w: TwoFactorWords, codes: string[]): string {
  return `<section aria-labelledby="recovery-title"><h2 id="recovery-title">${esc(w.recoveryTitle)}</h2><p>${esc(w.recoveryOnce)}</p>
<ol id="recovery-codes" class="secret" style="padding-left:2.75rem">${codes.map((c) => `<li>${esc(c)}</li>`).join('')}</ol>
<p><a href="/console">${esc(w.continue)}</a></p></section>`;
}

function enrolmentSection(page: TwoFactorPage, w: TwoFactorWords, enrolment: TwoFactorEnrolment): string {
  return `<fieldset><p>${esc(w.scan)}</p><img id="qr-code" src="${esc(enrolment.qr_code)}" alt="${esc(w.qrAlt)}" width="240" height="240">
<p>${esc(w.typeSecret)}</p><p id="totp-secret" class="secret">${esc(enrolment.secret.match(/.{1,4}/g)!.join(' '))}</p>
${form(page, 'confirm', codeField('confirm-code', w.confirmLabel, true), w.confirm)}</fieldset>
${form(page, 'enrol', '', w.startAgain, 'secondary')}${
    // Where the organisation requires a factor, cancelling is behind the gate: no button that cannot work.
    page.status.required_by_organization ? '' : ` ${form(page, 'reset', '', w.cancel, 'secondary')}`
  }`;
}

function activeSections(page: TwoFactorPage, w: TwoFactorWords): string {
  return `<h2>${esc(w.newCodesTitle)}</h2><p>${esc(w.newCodesExplain)}</p>${form(page, 'recovery-codes', '', w.newCodes, 'secondary')}
<h2>${esc(w.turnOffTitle)}</h2><fieldset><p>${esc(w.turnOffExplain)}</p>${form(page, 'reset', codeField('reset-code', w.turnOffLabel, false), w.turnOff, 'danger')}</fieldset>`;
}

function body(page: TwoFactorPage, w: TwoFactorWords): string {
  const { status } = page;
  const parts = [`<p id="two-factor-state">${esc(statusLine(w, status))}</p>`];
  if (page.recoveryCodes) parts.push(recoverySection(w, page.recoveryCodes));
  else if (status.state === 'on' && !status.session_passed) {
    parts.push(`<fieldset><p>${esc(w.mustVerify)}</p>${form(page, 'verify', codeField('verify-code', w.verifyLabel, false), w.verify)}</fieldset>`);
  } else if (status.state === 'on') parts.push(activeSections(page, w));
  else {
    if (status.required_by_organization) parts.push(`<p class="notice error">${esc(w.requiredByOrganization)}</p>`);
    if (status.state === 'pending' && page.enrolment) parts.push(enrolmentSection(page, w, page.enrolment));
    else parts.push(`<p>${esc(w.explain)}</p>${form(page, 'enrol', '', w.setUp)}`);
  }
  return parts.join('\n');
}

export function renderTwoFactorPage(page: TwoFactorPage): string {
  const w = TWO_FACTOR_WORDS[page.language];
  return renderConsoleFrame({ language: page.language, view: page.view, active: 'two_factor', title: w.title, body: body(page, w), notice: page.notice });
}
