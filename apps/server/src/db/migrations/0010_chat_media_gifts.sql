CREATE TABLE "gifts" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"credits" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_thumb_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_gift_key_gifts_key_fk" FOREIGN KEY ("gift_key") REFERENCES "public"."gifts"("key") ON DELETE no action ON UPDATE cascade;