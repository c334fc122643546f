-- Sandbox simulation (issue 17, POST /v1/test/shipments/{id}/simulate). A signature made by the
-- simulation endpoint says so in its evidence, on the note and on the proof of delivery: it was
-- given by no person. A test-mode webhook endpoint can be told to fail every attempt (without
-- posting to its receiver) until it is told to recover, so integrators can watch the retry
-- schedule and the dead-letter queue.
ALTER TABLE signatures ADD COLUMN simulated boolean NOT NULL DEFAULT false;
ALTER TABLE webhook_endpoints ADD COLUMN simulated_failure boolean NOT NULL DEFAULT false;
