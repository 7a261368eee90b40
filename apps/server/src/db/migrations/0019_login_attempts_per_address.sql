-- The rows so far counted failures per account: they stay, as the account-wide count ('*').
ALTER TABLE "login_attempts" DROP CONSTRAINT "login_attempts_pkey";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "address" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ALTER COLUMN "address" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_member_id_address_pk" PRIMARY KEY("member_id","address");
