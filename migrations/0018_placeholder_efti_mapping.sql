-- PLACEHOLDER on branch efti-gate only (issue 16): version 0018 belongs to the efti-mapping branch
-- (shipments.dataset_id). The migrator wants versions without gaps; drop this file at the merge.
SELECT 1;
