-- Placeholder on the federated branch only (issue 16): version 0019 belongs to another branch of the
-- same issue; the migrator needs versions without gaps. Drop this file when the branches merge.
SELECT 1;
