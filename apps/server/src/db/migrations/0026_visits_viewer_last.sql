DROP INDEX "profile_visits_viewer_idx";--> statement-breakpoint
CREATE INDEX "profile_visits_viewer_last_idx" ON "profile_visits" USING btree ("viewer_id","last_at","viewed_id");