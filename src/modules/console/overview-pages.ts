/**
 * The console's front door (`/console`): signed out, the sign-in form (an e-mail address; the link
 * comes by mail) and its "check your mail" answer, the same for every address; signed in, the
 * overview of the organisation the console acts in.
 */
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, timeHtml, zoneOf } from './console-page-parts.js';
import { CONSOLE_FRAME_WORDS, CONSOLE_NAV_PATHS, type ConsoleLanguage } from './console-words.js';

const WORDS = {
  en: {
    signInTitle: 'Sign in to the console',
    notSignedIn: 'You are not signed in.',
    signInIntro: 'Enter your e-mail address: we send you a link that signs you in once, within 15 minutes. An address without an account gets one, with a new sandbox organisation.',
    email: 'E-mail address',
    send: 'E-mail me a sign-in link',
    checkTitle: 'Check your mail',
    checkText: (email: string) => `If ${email} can receive mail, a sign-in link is on its way. It works once, for 15 minutes. You can close this page.`,
    tooMany: 'Too many sign-in links were asked for from here or for this address. Wait a while and try again.',
    invalid: 'That is not an e-mail address we can send to.',
    unavailable: 'The sign-in e-mail could not be sent just now; try again shortly.',
    overview: 'Overview',
    signedInAs: 'Signed in as',
    organization: 'Organisation',
    role: 'Your role',
    clearance: 'Live mode',
    cleared: 'cleared: live keys and live data work',
    notCleared: 'not cleared yet: the sandbox only',
    sessionEnds: 'This session ends',
    latest: 'at the latest',
    goTo: 'Go to',
  },
  nl: {
    signInTitle: 'Aanmelden bij de console',
    notSignedIn: 'U bent niet aangemeld.',
    signInIntro: 'Vul uw e-mailadres in: u krijgt een link die u één keer aanmeldt, binnen 15 minuten. Een adres zonder account krijgt er een, met een nieuwe sandbox-organisatie.',
    email: 'E-mailadres',
    send: 'Stuur mij een aanmeldlink',
    checkTitle: 'Kijk in uw mail',
    checkText: (email: string) => `Als ${email} mail kan ontvangen, is er een aanmeldlink onderweg. Hij werkt één keer, 15 minuten lang. U kunt deze pagina sluiten.`,
    tooMany: 'Er zijn te veel aanmeldlinks gevraagd vanaf hier of voor dit adres. Wacht even en probeer het opnieuw.',
    invalid: 'Naar dat e-mailadres kunnen we niet sturen.',
    unavailable: 'De aanmeldmail kon nu niet worden verstuurd; probeer het zo opnieuw.',
    overview: 'Overzicht',
    signedInAs: 'Aangemeld als',
    organization: 'Organisatie',
    role: 'Uw rol',
    clearance: 'Live-modus',
    cleared: 'vrijgegeven: live-sleutels en live-gegevens werken',
    notCleared: 'nog niet vrijgegeven: alleen de sandbox',
    sessionEnds: 'Deze sessie eindigt',
    latest: 'uiterlijk',
    goTo: 'Naar',
  },
} as const;

export type SignInRefusal = 'tooMany' | 'invalid' | 'unavailable';

export function renderSignInPage(language: ConsoleLanguage, refusal?: SignInRefusal, email = ''): string {
  const w = WORDS[language];
  const body = `<p>${esc(w.notSignedIn)} ${esc(w.signInIntro)}</p>
<form method="post" action="/console/sign-in"><fieldset>
<label for="email">${esc(w.email)}</label><input type="email" id="email" name="email" required maxlength="254" autocomplete="email" value="${esc(email)}">
<input type="hidden" name="lang" value="${esc(language)}">
<button type="submit">${esc(w.send)}</button></fieldset></form>`;
  return renderConsoleFrame({ language, title: w.signInTitle, body, ...(refusal ? { notice: { text: w[refusal], error: true } } : {}) });
}

export function renderCheckMailPage(language: ConsoleLanguage, email: string): string {
  const w = WORDS[language];
  return renderConsoleFrame({ language, title: w.checkTitle, body: `<p role="status">${esc(w.checkText(email))}</p>` });
}

export function renderOverviewPage(language: ConsoleLanguage, view: ConsoleSessionView): string {
  const w = WORDS[language];
  const frame = CONSOLE_FRAME_WORDS[language];
  const org = view.organization;
  const links = (['api_keys', 'webhooks', 'logs', 'events', 'audit_log'] as const).map((key) => `<li><a href="${CONSOLE_NAV_PATHS[key]}">${esc(frame.nav[key])}</a></li>`).join('');
  const body = `<p>${esc(w.signedInAs)} <strong>${esc(view.user.email)}</strong>.</p>
<dl class="facts">
<dt>${esc(w.organization)}</dt><dd>${esc(org.name)} <span class="mono muted">${esc(org.id)}</span></dd>
<dt>${esc(w.role)}</dt><dd>${esc(frame.role[org.role])}</dd>
<dt>${esc(w.clearance)}</dt><dd>${esc(org.live_enabled ? w.cleared : w.notCleared)}</dd>
<dt>${esc(w.sessionEnds)}</dt><dd>${timeHtml(view.session.expires_at, zoneOf(view))} (${esc(w.latest)} ${timeHtml(view.session.absolute_expires_at, zoneOf(view))})</dd>
</dl>
<h2>${esc(w.goTo)}</h2><ul>${links}</ul>`;
  return renderConsoleFrame({ language, view, active: 'overview', title: w.overview, body });
}
