-- The outbox no longer carries offer-wall postbacks: the sandbox's partner, the only one that queued them, sends its
-- own from its package. A postback still here (a development database) is dropped; the sandbox's pending offer it
-- belonged to stays pending. PostgreSQL cannot remove an enum's value, so the type is made again without it.
DELETE FROM "outbox_messages" WHERE "kind" = 'offer_postback';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" RENAME TO "outbox_kind_previous";--> statement-breakpoint
CREATE TYPE "public"."outbox_kind" AS ENUM('mail', 'push');--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "kind" SET DATA TYPE "public"."outbox_kind" USING "kind"::text::"public"."outbox_kind";--> statement-breakpoint
DROP TYPE "public"."outbox_kind_previous";
