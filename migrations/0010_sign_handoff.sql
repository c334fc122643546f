-- Handoff (issue 6): the driver's phone, holding the carrier's sign link, mints a short-lived link
-- for the consignee at delivery and hands the phone over. Such a link is sent by no channel
-- (`handoff`) and remembers the link it came from; a signature remembers the link it was given
-- through, so both ends of a handoff are in the evidence.
ALTER TABLE signature_requests DROP CONSTRAINT signature_requests_channel_check;
ALTER TABLE signature_requests ADD CONSTRAINT signature_requests_channel_check CHECK (channel IN ('sms', 'email', 'handoff'));
ALTER TABLE signature_requests ADD COLUMN handoff_from text;
ALTER TABLE signatures ADD COLUMN signature_request_id text;
ALTER TABLE signatures ADD COLUMN handoff_from text;
