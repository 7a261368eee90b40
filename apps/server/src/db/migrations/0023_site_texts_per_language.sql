-- The operator's texts that members read are kept per language: a text stored as one string
-- was written in the domain's language, so it becomes that language's text (an empty one none).
UPDATE "site_settings" SET "settings" = "settings" || jsonb_build_object(
  'index_title',
  CASE WHEN "settings" ->> 'index_title' = '' THEN '{}'::jsonb
    ELSE jsonb_build_object("settings" ->> 'domain_language', "settings" -> 'index_title') END
) WHERE jsonb_typeof("settings" -> 'index_title') = 'string';
--> statement-breakpoint
UPDATE "site_settings" SET "settings" = "settings" || jsonb_build_object(
  'fictional_warning',
  CASE WHEN "settings" ->> 'fictional_warning' = '' THEN '{}'::jsonb
    ELSE jsonb_build_object("settings" ->> 'domain_language', "settings" -> 'fictional_warning') END
) WHERE jsonb_typeof("settings" -> 'fictional_warning') = 'string';
--> statement-breakpoint
UPDATE "site_settings" SET "settings" = "settings" || jsonb_build_object(
  'fictional_singular',
  CASE WHEN "settings" ->> 'fictional_singular' = '' THEN '{}'::jsonb
    ELSE jsonb_build_object("settings" ->> 'domain_language', "settings" -> 'fictional_singular') END
) WHERE jsonb_typeof("settings" -> 'fictional_singular') = 'string';
--> statement-breakpoint
UPDATE "site_settings" SET "settings" = "settings" || jsonb_build_object(
  'fictional_plural',
  CASE WHEN "settings" ->> 'fictional_plural' = '' THEN '{}'::jsonb
    ELSE jsonb_build_object("settings" ->> 'domain_language', "settings" -> 'fictional_plural') END
) WHERE jsonb_typeof("settings" -> 'fictional_plural') = 'string';
