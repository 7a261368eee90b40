CREATE TABLE "likes" (
	"liker_id" bigint NOT NULL,
	"liked_id" bigint NOT NULL,
	"source" text DEFAULT 'profile' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "likes_liker_id_liked_id_pk" PRIMARY KEY("liker_id","liked_id"),
	CONSTRAINT "likes_not_self" CHECK ("likes"."liker_id" <> "likes"."liked_id")
);
--> statement-breakpoint
CREATE TABLE "swipes" (
	"member_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	"action" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipes_member_id_target_id_pk" PRIMARY KEY("member_id","target_id"),
	CONSTRAINT "swipes_not_self" CHECK ("swipes"."member_id" <> "swipes"."target_id")
);
--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_id_members_id_fk" FOREIGN KEY ("liker_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_id_members_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_target_id_members_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_liker_created_idx" ON "likes" USING btree ("liker_id","created_at");--> statement-breakpoint
CREATE INDEX "likes_liked_created_idx" ON "likes" USING btree ("liked_id","created_at");--> statement-breakpoint
CREATE INDEX "swipes_member_day_idx" ON "swipes" USING btree ("member_id","day","action");