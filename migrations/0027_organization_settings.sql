-- Organisation settings the console edits (issue 18, point 2; PATCH /v1/auth/organization): the
-- language the console and the organisation's mails default to, and whether every member must use
-- a second factor (TOTP) before the console lets them act.
ALTER TABLE organizations ADD COLUMN default_language text NOT NULL DEFAULT 'en' CHECK (default_language IN ('en', 'nl', 'de', 'fr'));
ALTER TABLE organizations ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;
