-- Proof of delivery (issue 7): its PDF is a document of kind `pod`, rendered once — at the first
-- request for it after delivery — and served from then on. One per shipment: two first requests
-- racing cannot both store one.
ALTER TABLE documents DROP CONSTRAINT documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check CHECK (kind IN ('consignment_note', 'attachment', 'photo', 'pod'));
CREATE UNIQUE INDEX documents_pod ON documents (shipment_id) WHERE kind = 'pod';
