CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"kvk" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"tradenames" text[] DEFAULT '{}' NOT NULL,
	"vat_numbers" text[] DEFAULT '{}' NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" integer DEFAULT 0 NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"company_id" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"icon" text NOT NULL,
	CONSTRAINT "interests_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'not_confirmed' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'nl' NOT NULL,
	"domain" text NOT NULL,
	"fictional" boolean DEFAULT false NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"notifications_disabled" text[] DEFAULT '{}' NOT NULL,
	"signup_date" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "members_credits_nonnegative" CHECK ("members"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"filename" text NOT NULL,
	"thumb_filename" text NOT NULL,
	"match_filename" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_interests" (
	"member_id" bigint NOT NULL,
	"interest_id" integer NOT NULL,
	CONSTRAINT "profile_interests_member_id_interest_id_pk" PRIMARY KEY("member_id","interest_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"sexuality" text NOT NULL,
	"birth_date" date NOT NULL,
	"country" text NOT NULL,
	"region_id" integer,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"about" text DEFAULT '' NOT NULL,
	"hair_color" text,
	"eye_color" text,
	"body_type" text,
	"relationship_status" text,
	"tattoos" text,
	"reason" text,
	"status" text DEFAULT 'disabled' NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_interests" ADD CONSTRAINT "profile_interests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_interests" ADD CONSTRAINT "profile_interests_interest_id_interests_id_fk" FOREIGN KEY ("interest_id") REFERENCES "public"."interests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "regions_code_idx" ON "regions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "regions_country_idx" ON "regions" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_idx" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "photos_member_idx" ON "photos" USING btree ("member_id","position");--> statement-breakpoint
CREATE INDEX "profile_interests_interest_idx" ON "profile_interests" USING btree ("interest_id");--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("status","country","gender","birth_date");--> statement-breakpoint
CREATE INDEX "profiles_region_idx" ON "profiles" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");