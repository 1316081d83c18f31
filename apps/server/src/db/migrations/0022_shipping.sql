CREATE TABLE "carrier_sandbox_documents" (
	"ref" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"properties" jsonb NOT NULL,
	"status_code" text DEFAULT '1' NOT NULL,
	"register_ref" uuid,
	"arrived_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"return_number" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_sandbox_registers" (
	"ref" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_sandbox_registers_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"carrier_code" text,
	"carrier_text" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_status_check" CHECK ("shipment_events"."status" in ('created', 'in_transit', 'at_branch', 'received', 'refused', 'returning', 'returned', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text DEFAULT 'nova_poshta' NOT NULL,
	"reference" text NOT NULL,
	"ref" text,
	"number" text,
	"by_hand" boolean DEFAULT false NOT NULL,
	"service" text NOT NULL,
	"payer" text DEFAULT 'recipient' NOT NULL,
	"recipient_first_name" text NOT NULL,
	"recipient_last_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"city_ref" text,
	"city_name" text NOT NULL,
	"warehouse_ref" text,
	"warehouse_name" text DEFAULT '' NOT NULL,
	"weight_kg" numeric(8, 3) NOT NULL,
	"seats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"declared_value" numeric(12, 2) NOT NULL,
	"description" text NOT NULL,
	"cod_kind" text,
	"cod_amount" numeric(12, 2),
	"status" text DEFAULT 'created' NOT NULL,
	"carrier_code" text,
	"carrier_text" text,
	"cost" numeric(12, 2),
	"send_day" date,
	"delivery_day" date,
	"arrived_at" timestamp with time zone,
	"storage_until" date,
	"received_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"money_transferred_at" timestamp with time zone,
	"return_number" text,
	"register_ref" text,
	"register_number" text,
	"reminder_sent_at" timestamp with time zone,
	"tracked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_carrier_check" CHECK ("shipments"."carrier" in ('nova_poshta')),
	CONSTRAINT "shipments_service_check" CHECK ("shipments"."service" in ('branch', 'locker', 'address')),
	CONSTRAINT "shipments_payer_check" CHECK ("shipments"."payer" in ('recipient', 'sender')),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('created', 'in_transit', 'at_branch', 'received', 'refused', 'returning', 'returned', 'deleted')),
	CONSTRAINT "shipments_cod_check" CHECK (("shipments"."cod_kind" is null) = ("shipments"."cod_amount" is null)),
	CONSTRAINT "shipments_cod_amount_check" CHECK ("shipments"."cod_amount" is null or "shipments"."cod_amount" > 0),
	CONSTRAINT "shipments_weight_check" CHECK ("shipments"."weight_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"counterparty_ref" text DEFAULT '' NOT NULL,
	"counterparty_name" text DEFAULT '' NOT NULL,
	"contact_ref" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"city_ref" text DEFAULT '' NOT NULL,
	"city_name" text DEFAULT '' NOT NULL,
	"warehouse_ref" text DEFAULT '' NOT NULL,
	"warehouse_name" text DEFAULT '' NOT NULL,
	"cod_kind" text DEFAULT 'cash_on_delivery' NOT NULL,
	"default_weight_kg" numeric(8, 3) DEFAULT '1.000' NOT NULL,
	"description" text DEFAULT 'Одяг та спорядження' NOT NULL,
	"tracking_interval_minutes" integer DEFAULT 30 NOT NULL,
	"checked_at" timestamp with time zone,
	"last_tracking_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_settings_single_row" CHECK ("shipping_settings"."id" = 1),
	CONSTRAINT "shipping_settings_cod_kind_check" CHECK ("shipping_settings"."cod_kind" in ('cash_on_delivery', 'payment_control')),
	CONSTRAINT "shipping_settings_interval_check" CHECK ("shipping_settings"."tracking_interval_minutes" between 5 and 1440)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_kg" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_sandbox_documents_number_key" ON "carrier_sandbox_documents" USING btree ("number");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_key" ON "shipments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_order_key" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'deleted';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_key" ON "shipments" USING btree ("carrier","number") WHERE "shipments"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","tracked_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order_placed', 'order_placed_shop', 'payment_received', 'payment_received_shop', 'order_status_changed', 'email_changed', 'parcel_news'));