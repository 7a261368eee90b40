ALTER TABLE "likes" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "likes_matches_idx" ON "likes" USING btree ("liker_id","matched_at","liked_id") WHERE "likes"."matched_at" is not null;--> statement-breakpoint
-- Pairs that already like each other: a match dates from the later of the two likes.
UPDATE "likes" SET "matched_at" = greatest("likes"."created_at", "back"."created_at")
FROM "likes" AS "back"
WHERE "back"."liker_id" = "likes"."liked_id" AND "back"."liked_id" = "likes"."liker_id";
