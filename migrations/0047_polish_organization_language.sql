-- Polish as an organisation's default language: the console speaks it, and so does the invitation
-- mail a member is sent in the organisation's language.
ALTER TABLE organizations DROP CONSTRAINT organizations_default_language_check;
ALTER TABLE organizations ADD CONSTRAINT organizations_default_language_check CHECK (default_language IN ('en', 'nl', 'de', 'fr', 'pl'));
