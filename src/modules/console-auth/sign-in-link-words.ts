/** The words of the pages a sign-in or invitation link opens, in the console's languages. */
import type { ConsoleLanguage } from '../console/console-words.js';

export type LinkRefusal = 'used' | 'expired' | 'unknown';
export type InvitationRefusal = LinkRefusal | 'revoked';

export interface SignInLinkWords {
  signInTitle: string;
  /** `{email}` is put in bold by the page. */
  signInAs: string;
  signIn: string;
  signInNote: string;
  joinTitle: (organization: string) => string;
  /** `{organization}`, `{role}` and `{email}` are put in bold by the page. */
  invited: string;
  accept: string;
  invitationNote: string;
  linkRefusedTitle: string;
  linkRefused: Record<LinkRefusal, string>;
  invitationRefusedTitle: string;
  invitationRefused: Record<InvitationRefusal, string>;
  goToConsole: string;
  /** The name of the sandbox organisation a first sign-in makes for the person, until they rename it. */
  firstOrganization: (email: string) => string;
}

export const SIGN_IN_LINK_WORDS: Record<ConsoleLanguage, SignInLinkWords> = {
  en: {
    signInTitle: 'Sign in to the console',
    signInAs: 'Sign in as {email}.',
    signIn: 'Sign in',
    signInNote: 'The link works once, within 15 minutes of the e-mail. If you did not ask to sign in, close this page: nothing happens.',
    joinTitle: (organization) => `Join ${organization}`,
    invited: 'You are invited to join {organization} as {role}, signed in as {email}.',
    accept: 'Accept and sign in',
    invitationNote: 'The invitation works once, within 7 days. If you do not want to join, close this page: nothing happens.',
    linkRefusedTitle: 'Sign-in link not valid',
    linkRefused: {
      used: 'This sign-in link has been used already. Each link works once: ask for a new one.',
      expired: 'This sign-in link has expired: links work for 15 minutes. Ask for a new one.',
      unknown: 'This is not a sign-in link of this service. Ask for a new one, and follow the link in the e-mail as it is.',
    },
    invitationRefusedTitle: 'Invitation link not valid',
    invitationRefused: {
      used: 'This invitation has been accepted already. Each invitation link works once: sign in with a sign-in link instead.',
      expired: 'This invitation has expired: invitation links work for 7 days. Ask the person who invited you to invite you again.',
      revoked: 'This invitation has been withdrawn. Ask the organisation for a new one if you still need access.',
      unknown: 'This is not an invitation link of this service. Follow the link in the e-mail as it is, or ask for a new invitation.',
    },
    goToConsole: 'Go to the console',
    firstOrganization: (email) => `Organisation of ${email}`,
  },
  nl: {
    signInTitle: 'Aanmelden bij de console',
    signInAs: 'Aanmelden als {email}.',
    signIn: 'Aanmelden',
    signInNote: 'De link werkt één keer, binnen 15 minuten na de e-mail. Heeft u niet gevraagd om aan te melden, sluit dan deze pagina: er gebeurt niets.',
    joinTitle: (organization) => `Lid worden van ${organization}`,
    invited: 'U bent uitgenodigd om lid te worden van {organization} als {role}, aangemeld als {email}.',
    accept: 'Accepteren en aanmelden',
    invitationNote: 'De uitnodiging werkt één keer, binnen 7 dagen. Wilt u geen lid worden, sluit dan deze pagina: er gebeurt niets.',
    linkRefusedTitle: 'Aanmeldlink niet geldig',
    linkRefused: {
      used: 'Deze aanmeldlink is al gebruikt. Elke link werkt één keer: vraag een nieuwe aan.',
      expired: 'Deze aanmeldlink is verlopen: links werken 15 minuten. Vraag een nieuwe aan.',
      unknown: 'Dit is geen aanmeldlink van deze dienst. Vraag een nieuwe aan en volg de link in de e-mail zoals hij is.',
    },
    invitationRefusedTitle: 'Uitnodigingslink niet geldig',
    invitationRefused: {
      used: 'Deze uitnodiging is al geaccepteerd. Elke uitnodigingslink werkt één keer: meld u in plaats daarvan aan met een aanmeldlink.',
      expired: 'Deze uitnodiging is verlopen: uitnodigingslinks werken 7 dagen. Vraag degene die u uitnodigde om u opnieuw uit te nodigen.',
      revoked: 'Deze uitnodiging is ingetrokken. Vraag de organisatie om een nieuwe als u nog toegang nodig hebt.',
      unknown: 'Dit is geen uitnodigingslink van deze dienst. Volg de link in de e-mail zoals hij is, of vraag om een nieuwe uitnodiging.',
    },
    goToConsole: 'Naar de console',
    firstOrganization: (email) => `Organisatie van ${email}`,
  },
  de: {
    signInTitle: 'Bei der Konsole anmelden',
    signInAs: 'Als {email} anmelden.',
    signIn: 'Anmelden',
    signInNote: 'Der Link funktioniert einmal, innerhalb von 15 Minuten nach der E-Mail. Wenn Sie keine Anmeldung angefordert haben, schließen Sie diese Seite: Es passiert nichts.',
    joinTitle: (organization) => `${organization} beitreten`,
    invited: 'Sie sind eingeladen, {organization} als {role} beizutreten, angemeldet als {email}.',
    accept: 'Annehmen und anmelden',
    invitationNote: 'Die Einladung funktioniert einmal, innerhalb von 7 Tagen. Wenn Sie nicht beitreten möchten, schließen Sie diese Seite: Es passiert nichts.',
    linkRefusedTitle: 'Anmeldelink ungültig',
    linkRefused: {
      used: 'Dieser Anmeldelink wurde bereits verwendet. Jeder Link funktioniert einmal: Fordern Sie einen neuen an.',
      expired: 'Dieser Anmeldelink ist abgelaufen: Links gelten 15 Minuten. Fordern Sie einen neuen an.',
      unknown: 'Dies ist kein Anmeldelink dieses Dienstes. Fordern Sie einen neuen an und öffnen Sie den Link aus der E-Mail unverändert.',
    },
    invitationRefusedTitle: 'Einladungslink ungültig',
    invitationRefused: {
      used: 'Diese Einladung wurde bereits angenommen. Jeder Einladungslink funktioniert einmal: Melden Sie sich stattdessen mit einem Anmeldelink an.',
      expired: 'Diese Einladung ist abgelaufen: Einladungslinks gelten 7 Tage. Bitten Sie die Person, die Sie eingeladen hat, um eine neue Einladung.',
      revoked: 'Diese Einladung wurde zurückgezogen. Bitten Sie die Organisation um eine neue, falls Sie noch Zugang brauchen.',
      unknown: 'Dies ist kein Einladungslink dieses Dienstes. Öffnen Sie den Link aus der E-Mail unverändert oder bitten Sie um eine neue Einladung.',
    },
    goToConsole: 'Zur Konsole',
    firstOrganization: (email) => `Organisation von ${email}`,
  },
  fr: {
    signInTitle: 'Se connecter à la console',
    signInAs: 'Se connecter en tant que {email}.',
    signIn: 'Se connecter',
    signInNote: 'Le lien fonctionne une fois, dans les 15 minutes qui suivent l’e-mail. Si vous n’avez pas demandé à vous connecter, fermez cette page : rien ne se passe.',
    joinTitle: (organization) => `Rejoindre ${organization}`,
    invited: 'Vous êtes invité à rejoindre {organization} en tant que {role}, connecté en tant que {email}.',
    accept: 'Accepter et se connecter',
    invitationNote: 'L’invitation fonctionne une fois, dans les 7 jours. Si vous ne souhaitez pas la rejoindre, fermez cette page : rien ne se passe.',
    linkRefusedTitle: 'Lien de connexion non valide',
    linkRefused: {
      used: 'Ce lien de connexion a déjà été utilisé. Chaque lien fonctionne une fois : demandez-en un nouveau.',
      expired: 'Ce lien de connexion a expiré : les liens sont valables 15 minutes. Demandez-en un nouveau.',
      unknown: 'Ce n’est pas un lien de connexion de ce service. Demandez-en un nouveau et ouvrez le lien de l’e-mail tel quel.',
    },
    invitationRefusedTitle: 'Lien d’invitation non valide',
    invitationRefused: {
      used: 'Cette invitation a déjà été acceptée. Chaque lien d’invitation fonctionne une fois : connectez-vous plutôt avec un lien de connexion.',
      expired: 'Cette invitation a expiré : les liens d’invitation sont valables 7 jours. Demandez à la personne qui vous a invité de vous inviter à nouveau.',
      revoked: 'Cette invitation a été retirée. Demandez-en une nouvelle à l’organisation si vous avez encore besoin d’un accès.',
      unknown: 'Ce n’est pas un lien d’invitation de ce service. Ouvrez le lien de l’e-mail tel quel, ou demandez une nouvelle invitation.',
    },
    goToConsole: 'Aller à la console',
    firstOrganization: (email) => `Organisation de ${email}`,
  },
  pl: {
    signInTitle: 'Logowanie do konsoli',
    signInAs: 'Zaloguj się jako {email}.',
    signIn: 'Zaloguj się',
    signInNote: 'Link działa jeden raz, w ciągu 15 minut od wysłania e-maila. Jeśli nie prosiłeś o logowanie, zamknij tę stronę: nic się nie stanie.',
    joinTitle: (organization) => `Dołącz do ${organization}`,
    invited: 'Zaproszono Cię do organizacji {organization} z rolą {role}, jako {email}.',
    accept: 'Przyjmij i zaloguj się',
    invitationNote: 'Zaproszenie działa jeden raz, w ciągu 7 dni. Jeśli nie chcesz dołączyć, zamknij tę stronę: nic się nie stanie.',
    linkRefusedTitle: 'Nieprawidłowy link do logowania',
    linkRefused: {
      used: 'Ten link do logowania został już użyty. Każdy link działa jeden raz: poproś o nowy.',
      expired: 'Ten link do logowania wygasł: linki działają przez 15 minut. Poproś o nowy.',
      unknown: 'To nie jest link do logowania tej usługi. Poproś o nowy i otwórz link z e-maila bez zmian.',
    },
    invitationRefusedTitle: 'Nieprawidłowy link z zaproszeniem',
    invitationRefused: {
      used: 'To zaproszenie zostało już przyjęte. Każdy link z zaproszeniem działa jeden raz: zaloguj się zamiast tego linkiem do logowania.',
      expired: 'To zaproszenie wygasło: linki z zaproszeniem działają przez 7 dni. Poproś osobę, która Cię zaprosiła, o ponowne zaproszenie.',
      revoked: 'To zaproszenie zostało wycofane. Poproś organizację o nowe, jeśli nadal potrzebujesz dostępu.',
      unknown: 'To nie jest link z zaproszeniem tej usługi. Otwórz link z e-maila bez zmian albo poproś o nowe zaproszenie.',
    },
    goToConsole: 'Przejdź do konsoli',
    firstOrganization: (email) => `Organizacja użytkownika ${email}`,
  },
};
