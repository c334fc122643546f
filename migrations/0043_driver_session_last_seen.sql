-- When a driver session was last used (docs/driver.md, docs/console-pages.md "Drivers"): set when
-- the session authenticates a request, at most once a minute, so the console can show which phones
-- are still working. Null until the session's first request after it was opened.
ALTER TABLE driver_sessions ADD COLUMN last_seen_at timestamptz;
