ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_language_check" CHECK ("feedback_messages"."language" in ('uk', 'ru'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_check" CHECK ("orders"."language" in ('uk', 'ru'));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_status_check" CHECK ("payment_events"."status" in ('created', 'processing', 'hold', 'success', 'failure', 'reversed', 'expired'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'processing', 'hold', 'success', 'failure', 'reversed', 'expired'));--> statement-breakpoint
-- Listings run in the in-memory index (decision 008): the covering index for SQL listings is unused.
DROP INDEX IF EXISTS "products_listing_idx";
