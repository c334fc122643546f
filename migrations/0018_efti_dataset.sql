-- eFTI (issue 16): every shipment gets the dataset id of its unique identifier link (UIL = gate id,
-- platform id, dataset id; Regulation (EU) 2020/1056 art. 9(1)(c)). A UUID v4, made when the
-- shipment is created and never reused: existing rows get a fresh one each, so every shipment can
-- be registered at the gate. Unique, since the gate looks a dataset up by it alone.
ALTER TABLE shipments ADD COLUMN dataset_id uuid;
UPDATE shipments SET dataset_id = gen_random_uuid();
ALTER TABLE shipments ALTER COLUMN dataset_id SET NOT NULL;
CREATE UNIQUE INDEX shipments_dataset_id ON shipments (dataset_id);
