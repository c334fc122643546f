-- A console member's own preferences (docs/console-pages.md "Preferences"): the language of the
-- console's pages and the IANA time zone its times are shown in. Kept per user, so they follow the
-- member into every organisation; null means "not chosen" (the organisation's default language,
-- else the browser's; times in UTC).
ALTER TABLE users ADD COLUMN console_language text;
ALTER TABLE users ADD COLUMN time_zone text;
