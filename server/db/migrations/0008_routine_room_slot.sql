-- Rooms clashing in data written before this constraint (the old portal never checked) are kept
-- but renamed, the later routines' room getting " (clash 2)", " (clash 3)": the upgrade goes
-- through, and the admin sees which to fix in the routine list.
UPDATE "routines" AS r SET "room" = left(r."room", 29) || ' (clash ' || d.n || ')'
  FROM (SELECT "id", row_number() OVER (PARTITION BY "school_id", "session_id", "day_id", "period_id", "room" ORDER BY "id") AS n
          FROM "routines" WHERE "room" <> '') AS d
 WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "routines_room_slot_uq" ON "routines" USING btree ("school_id","session_id","day_id","period_id","room") WHERE "routines"."room" <> '';