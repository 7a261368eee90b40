CREATE TABLE "content_page_texts" (
	"domain" text NOT NULL,
	"locale" text NOT NULL,
	"page" text NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "content_page_texts_domain_locale_page_pk" PRIMARY KEY("domain","locale","page")
);
--> statement-breakpoint
ALTER TABLE "content_page_texts" ADD CONSTRAINT "content_page_texts_domain_site_settings_domain_fk" FOREIGN KEY ("domain") REFERENCES "public"."site_settings"("domain") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "content_page_texts" ADD CONSTRAINT "content_page_texts_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;