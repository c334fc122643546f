/** The words of the console's second-factor page (/console/two-factor), in the console's languages. */
import type { ConsoleLanguage } from '../../console/console-words.js';

export interface TwoFactorWords {
  title: string;
  stateOff: string;
  statePending: string;
  /** `{date}`: when it was turned on; `{left}`: unused recovery codes. */
  stateOn: string;
  requiredByOrganization: string;
  mustVerify: string;
  explain: string;
  setUp: string;
  scan: string;
  qrAlt: string;
  typeSecret: string;
  confirmLabel: string;
  confirm: string;
  startAgain: string;
  cancel: string;
  verifyLabel: string;
  verify: string;
  recoveryTitle: string;
  recoveryOnce: string;
  continue: string;
  newCodesTitle: string;
  newCodesExplain: string;
  newCodes: string;
  turnOffTitle: string;
  turnOffExplain: string;
  turnOffLabel: string;
  turnOff: string;
  /** Notices after a form. */
  invalid: string;
  tooMany: string;
  done: { enrolled: string; verified: string; reset: string; cancelled: string };
  conflict: string;
}

export const TWO_FACTOR_WORDS: Record<ConsoleLanguage, TwoFactorWords> = {
  en: {
    title: 'Second factor',
    stateOff: 'Your second factor is off: a sign-in link alone opens the console.',
    statePending: 'Set-up started: add this key to your authenticator app, then confirm with the first code the app shows.',
    stateOn: 'Your second factor is on since {date}. {left} unused recovery codes.',
    requiredByOrganization: 'This organisation requires a second factor of every member: set it up to use the console.',
    mustVerify: 'Enter a code of your second factor to continue.',
    explain: 'With a second factor, the console asks after each sign-in for the six-digit code of an authenticator app on your phone (any app for TOTP codes).',
    setUp: 'Set up',
    scan: 'Scan this QR code with your authenticator app:',
    qrAlt: 'QR code to add the console to an authenticator app',
    typeSecret: 'Or type this key into the app:',
    confirmLabel: 'The six-digit code the app shows',
    confirm: 'Turn on',
    startAgain: 'Start again with a new key',
    cancel: 'Cancel set-up',
    verifyLabel: 'Code from your app, or a recovery code',
    verify: 'Continue',
    recoveryTitle: 'Your recovery codes',
    recoveryOnce: 'Keep these codes somewhere safe. Each works once, in place of a code of the app. They are shown only now.',
    continue: 'Go to the console',
    newCodesTitle: 'Recovery codes',
    newCodesExplain: 'A new set of ten replaces the old codes, used or not.',
    newCodes: 'Make new recovery codes',
    turnOffTitle: 'Turn off',
    turnOffExplain: 'To turn the second factor off (for instance to move it to a new phone), enter a code of it.',
    turnOffLabel: 'Code from your app, or a recovery code',
    turnOff: 'Turn off the second factor',
    invalid: 'This code is not valid. Enter the current six-digit code of your authenticator app, or one of your unused recovery codes.',
    tooMany: 'Too many codes tried. Try again in {minutes} minutes.',
    done: { enrolled: 'Your second factor is on.', verified: 'Code accepted.', reset: 'Your second factor is off.', cancelled: 'Set-up cancelled.' },
    conflict: 'This is no longer possible: the page was out of date. Here it is again.',
  },
  nl: {
    title: 'Tweede factor',
    stateOff: 'Uw tweede factor staat uit: een aanmeldlink alleen opent de console.',
    statePending: 'Instellen begonnen: voeg deze sleutel toe aan uw authenticator-app en bevestig met de eerste code die de app toont.',
    stateOn: 'Uw tweede factor staat aan sinds {date}. {left} ongebruikte herstelcodes.',
    requiredByOrganization: 'Deze organisatie eist een tweede factor van ieder lid: stel die in om de console te gebruiken.',
    mustVerify: 'Voer een code van uw tweede factor in om verder te gaan.',
    explain: 'Met een tweede factor vraagt de console na elke aanmelding om de zescijferige code van een authenticator-app op uw telefoon (elke app voor TOTP-codes).',
    setUp: 'Instellen',
    scan: 'Scan deze QR-code met uw authenticator-app:',
    qrAlt: 'QR-code om de console aan een authenticator-app toe te voegen',
    typeSecret: 'Of typ deze sleutel in de app:',
    confirmLabel: 'De zescijferige code die de app toont',
    confirm: 'Aanzetten',
    startAgain: 'Opnieuw beginnen met een nieuwe sleutel',
    cancel: 'Instellen afbreken',
    verifyLabel: 'Code uit uw app, of een herstelcode',
    verify: 'Verder',
    recoveryTitle: 'Uw herstelcodes',
    recoveryOnce: 'Bewaar deze codes op een veilige plek. Elke code werkt één keer, in plaats van een code van de app. Ze worden alleen nu getoond.',
    continue: 'Naar de console',
    newCodesTitle: 'Herstelcodes',
    newCodesExplain: 'Een nieuwe set van tien vervangt de oude codes, gebruikt of niet.',
    newCodes: 'Nieuwe herstelcodes maken',
    turnOffTitle: 'Uitzetten',
    turnOffExplain: 'Om de tweede factor uit te zetten (bijvoorbeeld om naar een nieuwe telefoon over te stappen), voert u er een code van in.',
    turnOffLabel: 'Code uit uw app, of een herstelcode',
    turnOff: 'Tweede factor uitzetten',
    invalid: 'Deze code is niet geldig. Voer de huidige zescijferige code van uw authenticator-app in, of een van uw ongebruikte herstelcodes.',
    tooMany: 'Te veel codes geprobeerd. Probeer het over {minutes} minuten opnieuw.',
    done: { enrolled: 'Uw tweede factor staat aan.', verified: 'Code geaccepteerd.', reset: 'Uw tweede factor staat uit.', cancelled: 'Instellen afgebroken.' },
    conflict: 'Dit kan niet meer: de pagina was verouderd. Hier is ze opnieuw.',
  },
};
