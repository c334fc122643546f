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
  },  de: {
    title: 'Zweiter Faktor',
    stateOff: 'Ihr zweiter Faktor ist aus: Ein Anmeldelink allein öffnet die Konsole.',
    statePending: 'Einrichtung begonnen: Fügen Sie diesen Schlüssel Ihrer Authenticator-App hinzu und bestätigen Sie mit dem ersten Code, den die App anzeigt.',
    stateOn: 'Ihr zweiter Faktor ist seit {date} eingeschaltet. {left} unbenutzte Wiederherstellungscodes.',
    requiredByOrganization: 'Diese Organisation verlangt von jedem Mitglied einen zweiten Faktor: Richten Sie ihn ein, um die Konsole zu nutzen.',
    mustVerify: 'Geben Sie einen Code Ihres zweiten Faktors ein, um fortzufahren.',
    explain: 'Mit einem zweiten Faktor fragt die Konsole nach jeder Anmeldung nach dem sechsstelligen Code einer Authenticator-App auf Ihrem Telefon (jede App für TOTP-Codes).',
    setUp: 'Einrichten',
    scan: 'Scannen Sie diesen QR-Code mit Ihrer Authenticator-App:',
    qrAlt: 'QR-Code, um die Konsole einer Authenticator-App hinzuzufügen',
    typeSecret: 'Oder tippen Sie diesen Schlüssel in die App ein:',
    confirmLabel: 'Der sechsstellige Code, den die App anzeigt',
    confirm: 'Einschalten',
    startAgain: 'Mit einem neuen Schlüssel neu beginnen',
    cancel: 'Einrichtung abbrechen',
    verifyLabel: 'Code aus Ihrer App oder ein Wiederherstellungscode',
    verify: 'Weiter',
    recoveryTitle: 'Ihre Wiederherstellungscodes',
    recoveryOnce: 'Bewahren Sie diese Codes sicher auf. Jeder funktioniert einmal, anstelle eines Codes der App. Sie werden nur jetzt angezeigt.',
    continue: 'Zur Konsole',
    newCodesTitle: 'Wiederherstellungscodes',
    newCodesExplain: 'Ein neuer Satz von zehn Codes ersetzt die alten, ob benutzt oder nicht.',
    newCodes: 'Neue Wiederherstellungscodes erzeugen',
    turnOffTitle: 'Ausschalten',
    turnOffExplain: 'Um den zweiten Faktor auszuschalten (etwa um ihn auf ein neues Telefon umzuziehen), geben Sie einen seiner Codes ein.',
    turnOffLabel: 'Code aus Ihrer App oder ein Wiederherstellungscode',
    turnOff: 'Zweiten Faktor ausschalten',
    invalid: 'Dieser Code ist ungültig. Geben Sie den aktuellen sechsstelligen Code Ihrer Authenticator-App oder einen Ihrer unbenutzten Wiederherstellungscodes ein.',
    tooMany: 'Zu viele Codes versucht. Versuchen Sie es in {minutes} Minuten erneut.',
    done: { enrolled: 'Ihr zweiter Faktor ist eingeschaltet.', verified: 'Code akzeptiert.', reset: 'Ihr zweiter Faktor ist ausgeschaltet.', cancelled: 'Einrichtung abgebrochen.' },
    conflict: 'Das ist nicht mehr möglich: Die Seite war veraltet. Hier ist sie erneut.',
  },
  fr: {
    title: 'Second facteur',
    stateOff: 'Votre second facteur est désactivé : un lien de connexion suffit pour ouvrir la console.',
    statePending: 'Configuration commencée : ajoutez cette clé à votre application d’authentification, puis confirmez avec le premier code qu’elle affiche.',
    stateOn: 'Votre second facteur est activé depuis le {date}. {left} codes de récupération inutilisés.',
    requiredByOrganization: 'Cette organisation exige un second facteur de chaque membre : configurez-le pour utiliser la console.',
    mustVerify: 'Saisissez un code de votre second facteur pour continuer.',
    explain: 'Avec un second facteur, la console demande après chaque connexion le code à six chiffres d’une application d’authentification sur votre téléphone (toute application de codes TOTP).',
    setUp: 'Configurer',
    scan: 'Scannez ce code QR avec votre application d’authentification :',
    qrAlt: 'Code QR pour ajouter la console à une application d’authentification',
    typeSecret: 'Ou saisissez cette clé dans l’application :',
    confirmLabel: 'Le code à six chiffres affiché par l’application',
    confirm: 'Activer',
    startAgain: 'Recommencer avec une nouvelle clé',
    cancel: 'Annuler la configuration',
    verifyLabel: 'Code de votre application, ou code de récupération',
    verify: 'Continuer',
    recoveryTitle: 'Vos codes de récupération',
    recoveryOnce: 'Conservez ces codes en lieu sûr. Chacun fonctionne une fois, à la place d’un code de l’application. Ils ne sont affichés que maintenant.',
    continue: 'Aller à la console',
    newCodesTitle: 'Codes de récupération',
    newCodesExplain: 'Une nouvelle série de dix remplace les anciens codes, utilisés ou non.',
    newCodes: 'Générer de nouveaux codes de récupération',
    turnOffTitle: 'Désactiver',
    turnOffExplain: 'Pour désactiver le second facteur (par exemple pour le transférer sur un nouveau téléphone), saisissez l’un de ses codes.',
    turnOffLabel: 'Code de votre application, ou code de récupération',
    turnOff: 'Désactiver le second facteur',
    invalid: 'Ce code n’est pas valide. Saisissez le code à six chiffres actuel de votre application d’authentification, ou l’un de vos codes de récupération inutilisés.',
    tooMany: 'Trop de codes essayés. Réessayez dans {minutes} minutes.',
    done: { enrolled: 'Votre second facteur est activé.', verified: 'Code accepté.', reset: 'Votre second facteur est désactivé.', cancelled: 'Configuration annulée.' },
    conflict: 'Ce n’est plus possible : la page n’était plus à jour. La voici de nouveau.',
  },
  pl: {
    title: 'Drugi składnik',
    stateOff: 'Drugi składnik jest wyłączony: sam link do logowania otwiera konsolę.',
    statePending: 'Konfiguracja rozpoczęta: dodaj ten klucz do aplikacji uwierzytelniającej, a potem potwierdź pierwszym kodem, który pokaże aplikacja.',
    stateOn: 'Drugi składnik jest włączony od {date}. Niewykorzystane kody odzyskiwania: {left}.',
    requiredByOrganization: 'Ta organizacja wymaga drugiego składnika od każdego członka: skonfiguruj go, aby korzystać z konsoli.',
    mustVerify: 'Wpisz kod drugiego składnika, aby kontynuować.',
    explain: 'Z drugim składnikiem konsola po każdym zalogowaniu prosi o sześciocyfrowy kod z aplikacji uwierzytelniającej w telefonie (dowolnej aplikacji z kodami TOTP).',
    setUp: 'Skonfiguruj',
    scan: 'Zeskanuj ten kod QR aplikacją uwierzytelniającą:',
    qrAlt: 'Kod QR do dodania konsoli do aplikacji uwierzytelniającej',
    typeSecret: 'Albo wpisz ten klucz w aplikacji:',
    confirmLabel: 'Sześciocyfrowy kod z aplikacji',
    confirm: 'Włącz',
    startAgain: 'Zacznij od nowa z nowym kluczem',
    cancel: 'Przerwij konfigurację',
    verifyLabel: 'Kod z aplikacji lub kod odzyskiwania',
    verify: 'Dalej',
    recoveryTitle: 'Twoje kody odzyskiwania',
    recoveryOnce: 'Przechowuj te kody w bezpiecznym miejscu. Każdy działa jeden raz, zamiast kodu z aplikacji. Są wyświetlane tylko teraz.',
    continue: 'Przejdź do konsoli',
    newCodesTitle: 'Kody odzyskiwania',
    newCodesExplain: 'Nowy zestaw dziesięciu kodów zastępuje stare, wykorzystane lub nie.',
    newCodes: 'Wygeneruj nowe kody odzyskiwania',
    turnOffTitle: 'Wyłącz',
    turnOffExplain: 'Aby wyłączyć drugi składnik (np. żeby przenieść go na nowy telefon), wpisz jeden z jego kodów.',
    turnOffLabel: 'Kod z aplikacji lub kod odzyskiwania',
    turnOff: 'Wyłącz drugi składnik',
    invalid: 'Ten kod jest nieprawidłowy. Wpisz aktualny sześciocyfrowy kod z aplikacji uwierzytelniającej albo jeden z niewykorzystanych kodów odzyskiwania.',
    tooMany: 'Wypróbowano zbyt wiele kodów. Spróbuj ponownie za {minutes} min.',
    done: { enrolled: 'Drugi składnik jest włączony.', verified: 'Kod przyjęty.', reset: 'Drugi składnik jest wyłączony.', cancelled: 'Konfiguracja przerwana.' },
    conflict: 'To już niemożliwe: strona była nieaktualna. Oto jej aktualna wersja.',
  },
};
