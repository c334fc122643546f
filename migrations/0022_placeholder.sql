-- Placeholder on the `clocks` branch only: 0022 belongs to another branch, and the migrator needs
-- versions without gaps. The merge takes that branch's 0022 and drops this file.
SELECT 1;
