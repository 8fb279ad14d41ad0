ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- 'Pessoas' shows the last sign-in (docs/decisions/048): the newest session still kept is the best guess before this.
UPDATE "users" SET "last_sign_in_at" = s.latest
FROM (SELECT "user_id", max("created_at") AS latest FROM "sessions" GROUP BY "user_id") s
WHERE s."user_id" = "users"."id";
