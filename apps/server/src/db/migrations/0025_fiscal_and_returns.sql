CREATE TABLE "fiscal_product_taxes" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"tax_code" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"payment_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"body" jsonb NOT NULL,
	"related_receipt_id" uuid,
	"return_id" uuid,
	"dedupe_key" text NOT NULL,
	"fiscal_code" text,
	"serial" integer,
	"shift_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerted_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_receipts_kind_check" CHECK ("fiscal_receipts"."kind" in ('sell', 'return')),
	CONSTRAINT "fiscal_receipts_source_check" CHECK ("fiscal_receipts"."source" in ('card_payment', 'counter', 'refund', 'carrier_cod')),
	CONSTRAINT "fiscal_receipts_payment_type_check" CHECK ("fiscal_receipts"."payment_type" in ('card', 'cash')),
	CONSTRAINT "fiscal_receipts_status_check" CHECK ("fiscal_receipts"."status" in ('pending', 'issuing', 'done', 'by_carrier')),
	CONSTRAINT "fiscal_receipts_amount_check" CHECK ("fiscal_receipts"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fiscal_sandbox_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"serial" integer NOT NULL,
	"fiscal_code" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"default_tax_code" integer,
	"shift_close_time" text DEFAULT '23:50',
	"cashier_name" text,
	"last_close_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_settings_single_row" CHECK ("fiscal_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "fiscal_shifts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"serial" integer,
	"status" text NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"z_report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_shifts_status_check" CHECK ("fiscal_shifts"."status" in ('opening', 'opened', 'closing', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_refund" numeric(12, 2) NOT NULL,
	CONSTRAINT "return_lines_return_id_position_pk" PRIMARY KEY("return_id","position"),
	CONSTRAINT "return_lines_quantity_check" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"shipping" text NOT NULL,
	"language" text NOT NULL,
	"iban" text,
	"account_holder" text,
	"refund_amount" numeric(12, 2) NOT NULL,
	"refund_method" text NOT NULL,
	"refusal_reason" text,
	"refusal_note" text,
	"bank_status" text,
	"bank_answer" text,
	"refund_reference" text,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"received_at" timestamp with time zone,
	"refund_due_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_check" CHECK ("return_requests"."status" in ('requested', 'accepted', 'refused', 'received', 'refunded')),
	CONSTRAINT "return_requests_shipping_check" CHECK ("return_requests"."shipping" in ('shop', 'nova_poshta')),
	CONSTRAINT "return_requests_refund_method_check" CHECK ("return_requests"."refund_method" in ('card', 'bank_transfer')),
	CONSTRAINT "return_requests_language_check" CHECK ("return_requests"."language" in ('uk', 'ru')),
	CONSTRAINT "return_requests_refund_amount_check" CHECK ("return_requests"."refund_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_dedupe_key" ON "fiscal_receipts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_order_idx" ON "fiscal_receipts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_due_idx" ON "fiscal_receipts" USING btree ("next_attempt_at") WHERE "fiscal_receipts"."status" in ('pending', 'issuing');--> statement-breakpoint
CREATE INDEX "fiscal_shifts_created_idx" ON "fiscal_shifts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_placed', 'order_placed_shop', 'payment_received', 'payment_received_shop', 'order_status_changed', 'email_changed', 'parcel_news', 'back_in_stock', 'return_news', 'return_news_shop'));--> statement-breakpoint
-- Orders received before this migration: their last change is the best reading of when.
UPDATE "orders" SET "received_at" = "updated_at" WHERE "status" IN ('delivered', 'completed', 'returned') AND "received_at" IS NULL;
