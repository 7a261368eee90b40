CREATE TABLE "profile_visits" (
	"viewed_id" bigint NOT NULL,
	"viewer_id" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "profile_visits_viewed_id_viewer_id_pk" PRIMARY KEY("viewed_id","viewer_id"),
	CONSTRAINT "profile_visits_not_self" CHECK ("profile_visits"."viewed_id" <> "profile_visits"."viewer_id")
);
--> statement-breakpoint
CREATE TABLE "visitors_seen" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "notifications_off" SET DEFAULT '{"visits"}';--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_viewed_id_members_id_fk" FOREIGN KEY ("viewed_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_viewer_id_members_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors_seen" ADD CONSTRAINT "visitors_seen_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_visits_viewed_last_idx" ON "profile_visits" USING btree ("viewed_id","last_at","viewer_id");--> statement-breakpoint
CREATE INDEX "profile_visits_viewer_idx" ON "profile_visits" USING btree ("viewer_id");--> statement-breakpoint
CREATE INDEX "profile_visits_last_idx" ON "profile_visits" USING btree ("last_at");--> statement-breakpoint
-- Visit notifications start off: members who signed up before them get them switched off too.
UPDATE "members" SET "notifications_off" = array_append("notifications_off", 'visits') WHERE NOT ('visits' = ANY("notifications_off"));
