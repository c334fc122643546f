-- Whether the endpoint's url was accepted by a process running with WEBHOOK_ALLOW_PRIVATE_TARGETS=1
-- (issue 15). The switch is per process, the deliveries are shared by every worker on the
-- database: a worker delivers to a private address or over plain http only when it runs with the
-- switch and the endpoint is marked here. Endpoints made before this column count as made
-- without it (the safe side): set their url again from a permissive process to mark them.
ALTER TABLE webhook_endpoints ADD COLUMN allow_private_targets boolean NOT NULL DEFAULT false;
