-- Placeholder on the providers branch only (issue 20): version 31 belongs to another branch of the
-- same round (driver sessions); the migrator needs versions without gaps. Drop this file when the branches merge.
SELECT 1;
