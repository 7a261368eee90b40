ALTER TABLE "discount_code_uses" ADD COLUMN "holds" text;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
-- Every use recorded so far was recorded when its order was paid.
UPDATE "discount_code_uses" SET "used_at" = "created_at";--> statement-breakpoint
-- Orders still pending with a code claim it, as an order placed from now on does.
INSERT INTO "discount_code_uses" ("code_id", "member_id", "order_id", "created_at")
SELECT "discount_code_id", "member_id", "id", "created_at" FROM "orders"
WHERE "status" = 'pending' AND "discount_code_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The first use of what a code allows once (paid uses before pending ones) holds it; uses
-- beyond the limit, recorded before uses were claimed, stay uses but hold nothing.
UPDATE "discount_code_uses" AS u SET "holds" = r."holds"
FROM (
  SELECT u2."id",
    CASE c."validity" WHEN 'once' THEN 'code' ELSE 'member' END AS "holds",
    row_number() OVER (
      PARTITION BY u2."code_id", CASE WHEN c."validity" = 'once_per_user' THEN u2."member_id" END
      ORDER BY u2."used_at" IS NULL, u2."id"
    ) AS n
  FROM "discount_code_uses" u2
  JOIN "discount_codes" c ON c."id" = u2."code_id"
  WHERE c."validity" IN ('once', 'once_per_user')
) AS r
WHERE r."id" = u."id" AND r.n = 1;--> statement-breakpoint
-- One live retention code per member: expired ones and all but a member's newest go inactive.
UPDATE "discount_codes" SET "status" = 'inactive'
WHERE "source" = 'retention' AND "status" = 'active' AND (
  "expires_at" <= now() OR "id" NOT IN (
    SELECT max("id") FROM "discount_codes" WHERE "source" = 'retention' AND "status" = 'active' GROUP BY "member_id"
  )
);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_uses_code_claim_idx" ON "discount_code_uses" USING btree ("code_id") WHERE holds = 'code';--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_uses_member_claim_idx" ON "discount_code_uses" USING btree ("code_id","member_id") WHERE holds = 'member';--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_retention_idx" ON "discount_codes" USING btree ("member_id") WHERE source = 'retention' and status = 'active';--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("provider","id") WHERE status = 'pending';
