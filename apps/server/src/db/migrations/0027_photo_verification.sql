CREATE TABLE "photo_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"pose" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"selfie" "bytea",
	"reason" text,
	"photo_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified_photo_id" bigint;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_verifications_pending_idx" ON "photo_verifications" USING btree ("member_id") WHERE "photo_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "photo_verifications_queue_idx" ON "photo_verifications" USING btree ("created_at","id") WHERE "photo_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "photo_verifications_member_idx" ON "photo_verifications" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_verified_photo_id_photos_id_fk" FOREIGN KEY ("verified_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_verified_browse_idx" ON "profiles" USING btree ("country","last_active_at" DESC NULLS LAST,"member_id" DESC NULLS LAST,"gender","birth_date","region_id") WHERE status = 'active' and verified_photo_id is not null;--> statement-breakpoint
CREATE INDEX "profiles_verified_photo_idx" ON "profiles" USING btree ("verified_photo_id") WHERE verified_photo_id is not null;