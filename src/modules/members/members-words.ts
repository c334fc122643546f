/** The words of the members and settings pages, in the console's languages. */
import { CONSOLE_LANGUAGE_NAMES, type ConsoleLanguage } from '../console/console-words.js';
import type { OrganizationLanguage } from '../organizations/organizations.tables.js';

export type MemberNotice = 'invited' | 'cancelled' | 'role_changed' | 'removed' | 'saved';

export interface MembersWords {
  members: string;
  email: string;
  role: string;
  joined: string;
  lastSignIn: string;
  never: string;
  you: string;
  change: string;
  remove: string;
  leave: string;
  invite: string;
  inviteHelp: string;
  sendInvitation: string;
  pending: string;
  expires: string;
  expired: string;
  cancel: string;
  noInvitations: string;
  actions: string;
  badInvitation: string;
  badRole: string;
  settingsTitle: string;
  name: string;
  defaultLanguage: string;
  requireTwoFactor: string;
  requireTwoFactorHelp: string;
  save: string;
  readOnly: string;
  badSettings: string;
  notices: Record<MemberNotice, string>;
}

/** The organisation's languages (those of its mails too) by their own names. */
export const LANGUAGE_NAMES: Record<OrganizationLanguage, string> = CONSOLE_LANGUAGE_NAMES;

export const MEMBERS_WORDS: Record<ConsoleLanguage, MembersWords> = {
  en: {
    members: 'Members',
    email: 'E-mail',
    role: 'Role',
    joined: 'Joined',
    lastSignIn: 'Last sign-in',
    never: 'never',
    you: '(you)',
    change: 'Change',
    remove: 'Remove',
    leave: 'Leave organisation',
    invite: 'Invite a member',
    inviteHelp: 'The address gets a link that works once, within 7 days, and joins with the role you choose.',
    sendInvitation: 'Send invitation',
    pending: 'Pending invitations',
    expires: 'Expires',
    expired: 'expired',
    cancel: 'Cancel invitation',
    noInvitations: 'No pending invitations.',
    actions: 'Actions',
    badInvitation: 'Give an e-mail address and one of the roles.',
    badRole: 'Choose one of the roles.',
    settingsTitle: 'Settings',
    name: 'Organisation name',
    defaultLanguage: 'Default language',
    requireTwoFactor: 'Require a second factor of every member',
    requireTwoFactorHelp: 'Members without one are asked to set it up before they can act in the console.',
    save: 'Save settings',
    readOnly: 'Only owners and admins may change these settings.',
    badSettings: 'Give a name (1-200 characters) and one of the languages.',
    notices: { invited: 'Invitation sent.', cancelled: 'Invitation cancelled.', role_changed: 'Role changed.', removed: 'Member removed.', saved: 'Settings saved.' },
  },
  nl: {
    members: 'Leden',
    email: 'E-mail',
    role: 'Rol',
    joined: 'Lid sinds',
    lastSignIn: 'Laatst aangemeld',
    never: 'nooit',
    you: '(u)',
    change: 'Wijzig',
    remove: 'Verwijder',
    leave: 'Organisatie verlaten',
    invite: 'Lid uitnodigen',
    inviteHelp: 'Het adres krijgt een link die één keer werkt, binnen 7 dagen, en wordt lid met de rol die u kiest.',
    sendInvitation: 'Uitnodiging versturen',
    pending: 'Openstaande uitnodigingen',
    expires: 'Verloopt',
    expired: 'verlopen',
    cancel: 'Uitnodiging intrekken',
    noInvitations: 'Geen openstaande uitnodigingen.',
    actions: 'Acties',
    badInvitation: 'Geef een e-mailadres en een van de rollen.',
    badRole: 'Kies een van de rollen.',
    settingsTitle: 'Instellingen',
    name: 'Naam van de organisatie',
    defaultLanguage: 'Standaardtaal',
    requireTwoFactor: 'Tweede factor verplicht voor elk lid',
    requireTwoFactorHelp: 'Leden zonder tweede factor stellen die eerst in voordat ze in de console kunnen handelen.',
    save: 'Instellingen opslaan',
    readOnly: 'Alleen eigenaren en beheerders mogen deze instellingen wijzigen.',
    badSettings: 'Geef een naam (1-200 tekens) en een van de talen.',
    notices: { invited: 'Uitnodiging verstuurd.', cancelled: 'Uitnodiging ingetrokken.', role_changed: 'Rol gewijzigd.', removed: 'Lid verwijderd.', saved: 'Instellingen opgeslagen.' },
  },  de: {
    members: 'Mitglieder',
    email: 'E-Mail',
    role: 'Rolle',
    joined: 'Mitglied seit',
    lastSignIn: 'Letzte Anmeldung',
    never: 'nie',
    you: '(Sie)',
    change: 'Ändern',
    remove: 'Entfernen',
    leave: 'Organisation verlassen',
    invite: 'Mitglied einladen',
    inviteHelp: 'Die Adresse erhält einen Link, der einmal innerhalb von 7 Tagen funktioniert, und tritt mit der gewählten Rolle bei.',
    sendInvitation: 'Einladung senden',
    pending: 'Offene Einladungen',
    expires: 'Läuft ab',
    expired: 'abgelaufen',
    cancel: 'Einladung zurückziehen',
    noInvitations: 'Keine offenen Einladungen.',
    actions: 'Aktionen',
    badInvitation: 'Geben Sie eine E-Mail-Adresse und eine der Rollen an.',
    badRole: 'Wählen Sie eine der Rollen.',
    settingsTitle: 'Einstellungen',
    name: 'Name der Organisation',
    defaultLanguage: 'Standardsprache',
    requireTwoFactor: 'Zweiten Faktor für jedes Mitglied verlangen',
    requireTwoFactorHelp: 'Mitglieder ohne zweiten Faktor richten ihn ein, bevor sie in der Konsole handeln können.',
    save: 'Einstellungen speichern',
    readOnly: 'Nur Inhaber und Administratoren dürfen diese Einstellungen ändern.',
    badSettings: 'Geben Sie einen Namen (1–200 Zeichen) und eine der Sprachen an.',
    notices: { invited: 'Einladung gesendet.', cancelled: 'Einladung zurückgezogen.', role_changed: 'Rolle geändert.', removed: 'Mitglied entfernt.', saved: 'Einstellungen gespeichert.' },
  },
  fr: {
    members: 'Membres',
    email: 'E-mail',
    role: 'Rôle',
    joined: 'Membre depuis',
    lastSignIn: 'Dernière connexion',
    never: 'jamais',
    you: '(vous)',
    change: 'Modifier',
    remove: 'Retirer',
    leave: 'Quitter l’organisation',
    invite: 'Inviter un membre',
    inviteHelp: 'L’adresse reçoit un lien valable une fois, pendant 7 jours, et rejoint l’organisation avec le rôle choisi.',
    sendInvitation: 'Envoyer l’invitation',
    pending: 'Invitations en attente',
    expires: 'Expire le',
    expired: 'expirée',
    cancel: 'Annuler l’invitation',
    noInvitations: 'Aucune invitation en attente.',
    actions: 'Actions',
    badInvitation: 'Indiquez une adresse e-mail et l’un des rôles.',
    badRole: 'Choisissez l’un des rôles.',
    settingsTitle: 'Paramètres',
    name: 'Nom de l’organisation',
    defaultLanguage: 'Langue par défaut',
    requireTwoFactor: 'Exiger un second facteur de chaque membre',
    requireTwoFactorHelp: 'Les membres qui n’en ont pas doivent le configurer avant de pouvoir agir dans la console.',
    save: 'Enregistrer les paramètres',
    readOnly: 'Seuls les propriétaires et les administrateurs peuvent modifier ces paramètres.',
    badSettings: 'Indiquez un nom (1 à 200 caractères) et l’une des langues.',
    notices: { invited: 'Invitation envoyée.', cancelled: 'Invitation annulée.', role_changed: 'Rôle modifié.', removed: 'Membre retiré.', saved: 'Paramètres enregistrés.' },
  },
  pl: {
    members: 'Członkowie',
    email: 'E-mail',
    role: 'Rola',
    joined: 'Dołączył',
    lastSignIn: 'Ostatnie logowanie',
    never: 'nigdy',
    you: '(Ty)',
    change: 'Zmień',
    remove: 'Usuń',
    leave: 'Opuść organizację',
    invite: 'Zaproś członka',
    inviteHelp: 'Na adres trafi link, który działa jeden raz przez 7 dni; osoba dołącza z wybraną rolą.',
    sendInvitation: 'Wyślij zaproszenie',
    pending: 'Oczekujące zaproszenia',
    expires: 'Wygasa',
    expired: 'wygasło',
    cancel: 'Wycofaj zaproszenie',
    noInvitations: 'Brak oczekujących zaproszeń.',
    actions: 'Działania',
    badInvitation: 'Podaj adres e-mail i jedną z ról.',
    badRole: 'Wybierz jedną z ról.',
    settingsTitle: 'Ustawienia',
    name: 'Nazwa organizacji',
    defaultLanguage: 'Język domyślny',
    requireTwoFactor: 'Wymagaj drugiego składnika od każdego członka',
    requireTwoFactorHelp: 'Członkowie bez drugiego składnika muszą go skonfigurować, zanim będą mogli działać w konsoli.',
    save: 'Zapisz ustawienia',
    readOnly: 'Tylko właściciele i administratorzy mogą zmieniać te ustawienia.',
    badSettings: 'Podaj nazwę (1–200 znaków) i jeden z języków.',
    notices: { invited: 'Zaproszenie wysłane.', cancelled: 'Zaproszenie wycofane.', role_changed: 'Rola zmieniona.', removed: 'Członek usunięty.', saved: 'Ustawienia zapisane.' },
  },
};
