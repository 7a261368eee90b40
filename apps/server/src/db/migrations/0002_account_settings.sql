CREATE TABLE "discount_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"member_id" bigint,
	"percentage" integer NOT NULL,
	"country" text,
	"currency" text,
	"minimum_order_value" integer,
	"payment_methods" text[],
	"status" text DEFAULT 'active' NOT NULL,
	"validity" text DEFAULT 'once_per_user' NOT NULL,
	"source" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percentage_range" CHECK ("discount_codes"."percentage" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "notifications_off" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "delete_reason" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "delete_note" text;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "payload" text;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_member_idx" ON "discount_codes" USING btree ("member_id","source");--> statement-breakpoint
CREATE INDEX "members_deleted_idx" ON "members" USING btree ("deleted_at") WHERE "members"."deleted_at" is not null;