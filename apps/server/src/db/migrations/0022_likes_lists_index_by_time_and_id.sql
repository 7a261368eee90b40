DROP INDEX "likes_liker_created_idx";--> statement-breakpoint
DROP INDEX "likes_liked_created_idx";--> statement-breakpoint
CREATE INDEX "likes_liker_created_idx" ON "likes" USING btree ("liker_id","created_at","liked_id");--> statement-breakpoint
CREATE INDEX "likes_liked_created_idx" ON "likes" USING btree ("liked_id","created_at","liker_id");