-- PLACEHOLDER on branch efti-gate only (issue 16): version 0019 belongs to another branch of the
-- issue (inspection or federated access). The migrator wants versions without gaps; drop this file at the merge.
SELECT 1;
