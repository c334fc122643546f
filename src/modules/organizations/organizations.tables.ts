/**
 * Row types of the organisations module: the Kysely view of its tables, beside the code that
 * queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Defaulted, Timestamp } from '../../ports/database-columns.js';

/** The languages an organisation may choose as the default of its console and its mails (the column's check, migrations 0027 and 0047). */
export const ORGANIZATION_LANGUAGES = ['en', 'nl', 'de', 'fr', 'pl'] as const;
export type OrganizationLanguage = (typeof ORGANIZATION_LANGUAGES)[number];

export interface OrganizationsTable {
  id: string;
  name: string;
  live_enabled: boolean;
  created_at: Timestamp;
  /** The console's and the organisation's mails' default language (migration 0027). */
  default_language: Defaulted<OrganizationLanguage>;
  /** Every member must have passed a second factor before the console lets them act (migration 0027). */
  require_two_factor: Defaulted<boolean>;
}
