-- Placeholder on the metering branch only (issue 21): this version belongs to another branch of the
-- same round; the migrator needs versions without gaps. Drop this file when the branches merge.
SELECT 1;
