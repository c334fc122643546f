-- Successive carriers take over (CMR articles 34 and 35): a successive carrier may enter its own
-- reservations when it takes the goods and the note over, in the remark phase `takeover`, which
-- names the carrier by its position in `successive_carriers` (-1 for every other phase, as on
-- signatures); its signature records where the goods were taken over, as the note prints it.
ALTER TABLE remarks DROP CONSTRAINT remarks_phase_check;
ALTER TABLE remarks ADD CONSTRAINT remarks_phase_check CHECK (phase IN ('pickup', 'delivery', 'takeover'));
ALTER TABLE remarks ADD COLUMN successive_index integer NOT NULL DEFAULT -1;
ALTER TABLE remarks ADD CONSTRAINT remarks_takeover_carrier CHECK ((phase = 'takeover') = (successive_index >= 0));
ALTER TABLE signatures ADD COLUMN place text;
