/** The languages an organisation may choose as the default of its console and its mails. */
export const ORGANIZATION_LANGUAGES = ['en', 'nl', 'de', 'fr', 'pl'] as const;
export type OrganizationLanguage = (typeof ORGANIZATION_LANGUAGES)[number];
