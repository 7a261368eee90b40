ALTER TABLE "discount_code_uses" DROP CONSTRAINT "discount_code_uses_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "discount_code_uses" DROP CONSTRAINT "discount_code_uses_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "discount_code_uses" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;