/**
 * The console's front door (`/console`): signed out, the sign-in form (an e-mail address; the link
 * comes by mail) and its "check your mail" answer, the same for every address; signed in, the
 * overview of the organisation the console acts in.
 */
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, timeHtml, zoneOf } from './console-page-parts.js';
import { CONSOLE_FRAME_WORDS, CONSOLE_LANGUAGE_NAMES, CONSOLE_LANGUAGES, CONSOLE_NAV_PATHS, type ConsoleLanguage } from './console-words.js';

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
    language: 'Language',
    changeLanguage: 'Change language',
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
    language: 'Taal',
    changeLanguage: 'Taal wijzigen',
  },
  de: {
    signInTitle: 'Bei der Konsole anmelden',
    notSignedIn: 'Sie sind nicht angemeldet.',
    signInIntro: 'Geben Sie Ihre E-Mail-Adresse ein: Wir senden Ihnen einen Link, der Sie einmalig innerhalb von 15 Minuten anmeldet. Eine Adresse ohne Konto erhält eines, mit einer neuen Organisation in der Testumgebung.',
    email: 'E-Mail-Adresse',
    send: 'Anmeldelink per E-Mail senden',
    checkTitle: 'Sehen Sie in Ihr Postfach',
    checkText: (email: string) => `Falls ${email} E-Mails empfangen kann, ist ein Anmeldelink unterwegs. Er funktioniert einmal, 15 Minuten lang. Sie können diese Seite schließen.`,
    tooMany: 'Von hier oder für diese Adresse wurden zu viele Anmeldelinks angefordert. Warten Sie etwas und versuchen Sie es erneut.',
    invalid: 'An diese E-Mail-Adresse können wir nicht senden.',
    unavailable: 'Die Anmelde-E-Mail konnte gerade nicht gesendet werden; versuchen Sie es gleich noch einmal.',
    overview: 'Übersicht',
    signedInAs: 'Angemeldet als',
    organization: 'Organisation',
    role: 'Ihre Rolle',
    clearance: 'Produktivbetrieb',
    cleared: 'freigegeben: Produktivschlüssel und Produktivdaten funktionieren',
    notCleared: 'noch nicht freigegeben: nur die Testumgebung',
    sessionEnds: 'Diese Sitzung endet',
    latest: 'spätestens',
    goTo: 'Weiter zu',
    language: 'Sprache',
    changeLanguage: 'Sprache ändern',
  },
  fr: {
    signInTitle: 'Se connecter à la console',
    notSignedIn: 'Vous n’êtes pas connecté.',
    signInIntro: 'Saisissez votre adresse e-mail : nous vous envoyons un lien qui vous connecte une seule fois, dans les 15 minutes. Une adresse sans compte en reçoit un, avec une nouvelle organisation dans le bac à sable.',
    email: 'Adresse e-mail',
    send: 'Recevoir un lien de connexion par e-mail',
    checkTitle: 'Consultez votre messagerie',
    checkText: (email: string) => `Si ${email} peut recevoir des e-mails, un lien de connexion est en route. Il fonctionne une fois, pendant 15 minutes. Vous pouvez fermer cette page.`,
    tooMany: 'Trop de liens de connexion ont été demandés depuis ce poste ou pour cette adresse. Patientez un peu, puis réessayez.',
    invalid: 'Nous ne pouvons pas envoyer d’e-mail à cette adresse.',
    unavailable: 'L’e-mail de connexion n’a pas pu être envoyé pour le moment ; réessayez dans un instant.',
    overview: 'Vue d’ensemble',
    signedInAs: 'Connecté en tant que',
    organization: 'Organisation',
    role: 'Votre rôle',
    clearance: 'Mode production',
    cleared: 'autorisé : les clés et les données de production fonctionnent',
    notCleared: 'pas encore autorisé : bac à sable uniquement',
    sessionEnds: 'Cette session se termine',
    latest: 'au plus tard',
    goTo: 'Aller à',
    language: 'Langue',
    changeLanguage: 'Changer de langue',
  },
  pl: {
    signInTitle: 'Logowanie do konsoli',
    notSignedIn: 'Nie jesteś zalogowany.',
    signInIntro: 'Podaj swój adres e-mail: wyślemy link, który zaloguje Cię jeden raz, w ciągu 15 minut. Adres bez konta otrzyma konto z nową organizacją w piaskownicy.',
    email: 'Adres e-mail',
    send: 'Wyślij mi link do logowania',
    checkTitle: 'Sprawdź pocztę',
    checkText: (email: string) => `Jeśli ${email} może odbierać pocztę, link do logowania jest już w drodze. Działa jeden raz, przez 15 minut. Możesz zamknąć tę stronę.`,
    tooMany: 'Z tego miejsca lub dla tego adresu zażądano zbyt wielu linków do logowania. Odczekaj chwilę i spróbuj ponownie.',
    invalid: 'Na ten adres e-mail nie możemy wysłać wiadomości.',
    unavailable: 'Nie udało się teraz wysłać e-maila z linkiem do logowania; spróbuj ponownie za chwilę.',
    overview: 'Przegląd',
    signedInAs: 'Zalogowano jako',
    organization: 'Organizacja',
    role: 'Twoja rola',
    clearance: 'Tryb produkcyjny',
    cleared: 'dopuszczono: klucze i dane produkcyjne działają',
    notCleared: 'jeszcze nie dopuszczono: tylko piaskownica',
    sessionEnds: 'Ta sesja kończy się',
    latest: 'najpóźniej',
    goTo: 'Przejdź do',
    language: 'Język',
    changeLanguage: 'Zmień język',
  },
} as const;

export type SignInRefusal = 'tooMany' | 'invalid' | 'unavailable';

/** A GET form back to this page in another language: every language the console speaks, each named in itself. */
function languageChooser(language: ConsoleLanguage): string {
  const w = WORDS[language];
  const options = CONSOLE_LANGUAGES.map((l) => `<option value="${l}" lang="${l}"${l === language ? ' selected' : ''}>${esc(CONSOLE_LANGUAGE_NAMES[l])}</option>`).join('');
  return `<form method="get" action="/console" class="filters"><label for="lang">${esc(w.language)}</label><select id="lang" name="lang">${options}</select> <button type="submit" class="secondary">${esc(w.changeLanguage)}</button></form>`;
}

export function renderSignInPage(language: ConsoleLanguage, refusal?: SignInRefusal, email = ''): string {
  const w = WORDS[language];
  const body = `<p>${esc(w.notSignedIn)} ${esc(w.signInIntro)}</p>
<form method="post" action="/console/sign-in"><fieldset>
<label for="email">${esc(w.email)}</label><input type="email" id="email" name="email" required maxlength="254" autocomplete="email" value="${esc(email)}">
<input type="hidden" name="lang" value="${esc(language)}">
<button type="submit">${esc(w.send)}</button></fieldset></form>
${languageChooser(language)}`;
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
