CREATE TABLE "complaints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"language" text NOT NULL,
	"member_id" bigint,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_message_length" CHECK (char_length("complaints"."message") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "member_tracking" ADD COLUMN "landing" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_queue_idx" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "complaints_member_idx" ON "complaints" USING btree ("member_id");