/**
 * The right-of-disposal form (docs/right-of-disposal.md) as HTML, one partial for both pages that
 * offer it: the signing page of an unused link and the signer's copy page of a used one (the
 * sender signs at pickup and instructs later). Offered to the roles that can hold the right — the
 * sender and the consignee; the API says whether this party is entitled now. disposal-form.js
 * drives it.
 */
import type { SignatureRole } from '../signatures/signature-rules.js';
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { alert, esc } from './html.js';
import { SIGN_APP_WORDS } from './sign-app-words.js';

/** The roles a disposal form is offered to. */
export const mayInstruct = (role: SignatureRole): boolean => role === 'consignor' || role === 'consignee';

export function disposalStep(language: MessageLanguage, role: SignatureRole): string {
  if (!mayInstruct(role)) return '';
  const d = SIGN_APP_WORDS[language].disposal;
  const kinds = Object.entries(d.kinds).map(([value, label]) => `<option value="${value}">${esc(label)}</option>`).join('');
  const field = (id: string, label: string, extra = '') => `<label for="disposal-${id}">${esc(label)}</label><input id="disposal-${id}" name="${id}" ${extra}>`;
  return `<section class="step" id="step-disposal" aria-labelledby="disposal-title">
<h2 id="disposal-title" tabindex="-1">${esc(d.heading)}</h2><p>${esc(d.intro)}</p>
<form id="disposal-form" novalidate><label for="disposal-kind">${esc(d.kind)}</label><select id="disposal-kind" name="kind">${kinds}</select>
<div id="disposal-consignee-fields" hidden>${field('consignee', d.consignee, 'maxlength="200" autocomplete="organization"')}</div>
<div id="disposal-place-fields" hidden>${field('street', d.street, 'maxlength="200"')}${field('postal_code', d.postalCode, 'maxlength="20"')}${field('city', d.city, 'maxlength="100"')}${field('country', d.country, 'maxlength="2" pattern="[A-Z]{2}"')}</div>
<label for="disposal-text">${esc(d.text)}</label><textarea id="disposal-text" name="text" rows="2" maxlength="1000"></textarea>
<button type="submit" class="secondary">${esc(d.send)}</button></form><p id="disposal-status" role="status"></p>${alert('disposal-error')}
</section>`;
}
