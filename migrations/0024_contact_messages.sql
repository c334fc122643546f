-- Contact messages (issue 17): what a visitor sent through the public contact form
-- (POST /v1/public/contact), kept so that a mail outage loses nothing, and e-mailed to CONTACT_EMAIL
-- by a job (email_status). Not tied to an organisation: the sender has no account. The client's IP
-- address is not stored (the per-IP window lives in the key-value store and expires with it).
-- Rows are deleted 365 days after they arrived (the purge-contact-messages job).
CREATE TABLE contact_messages (
  id            text PRIMARY KEY,
  name          text NOT NULL,
  email         text NOT NULL,
  organization  text,
  message       text NOT NULL,
  language      text,
  -- pending: the e-mail job is queued; sent: the mail server took it; not_configured: no SMTP
  -- server, it went to the outbox table; failed: every attempt failed (email_error says why);
  -- no_recipient: CONTACT_EMAIL was unset, the message is only stored.
  email_status  text NOT NULL CHECK (email_status IN ('pending', 'sent', 'not_configured', 'failed', 'no_recipient')),
  email_error   text,
  emailed_at    timestamptz,
  created_at    timestamptz NOT NULL
);
CREATE INDEX contact_messages_created ON contact_messages (created_at);
