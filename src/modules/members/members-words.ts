/** The words of the members and settings pages, in the console's languages (English, Dutch). */
import type { ConsoleLanguage } from '../console/console-words.js';

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

export const LANGUAGE_NAMES: Record<'en' | 'nl' | 'de' | 'fr', string> = { en: 'English', nl: 'Nederlands', de: 'Deutsch', fr: 'Français' };

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
  },
};
