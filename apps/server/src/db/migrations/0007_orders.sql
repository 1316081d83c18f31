CREATE TABLE "carrier_cities" (
	"ref" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"area_ru" text DEFAULT '' NOT NULL,
	"search_uk" text NOT NULL,
	"search_ru" text NOT NULL,
	"warehouse_count" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_warehouses" (
	"ref" text PRIMARY KEY NOT NULL,
	"city_ref" text NOT NULL,
	"description" text NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"number" integer,
	"category" text DEFAULT '' NOT NULL,
	"search_uk" text NOT NULL,
	"search_ru" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"name_ru" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"category_path" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"size" jsonb,
	"color" jsonb,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_price_check" CHECK ("order_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"delivery_type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"city" text NOT NULL,
	"branch" text NOT NULL,
	"city_ref" text,
	"branch_ref" text,
	"need_call_back" boolean DEFAULT false NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('new', 'awaiting_payment', 'confirmed', 'paid', 'shipped', 'delivered', 'completed', 'cancelled', 'returned')),
	CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('cash', 'matching', 'card')),
	CONSTRAINT "orders_delivery_type_check" CHECK ("orders"."delivery_type" in ('branch', 'address', 'self_delivery')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	"applied" boolean NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"ccy" integer DEFAULT 980 NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"page_url" text NOT NULL,
	"failure_reason" text,
	"modified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('monobank', 'sandbox'))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_invoice_id_payments_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."payments"("invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_cities_search_uk_trgm" ON "carrier_cities" USING gin ("search_uk" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carrier_cities_search_ru_trgm" ON "carrier_cities" USING gin ("search_ru" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carrier_cities_synced_idx" ON "carrier_cities" USING btree ("synced_at");--> statement-breakpoint
CREATE INDEX "carrier_cities_description_idx" ON "carrier_cities" USING btree ("description");--> statement-breakpoint
CREATE INDEX "carrier_warehouses_city_idx" ON "carrier_warehouses" USING btree ("city_ref","number");--> statement-breakpoint
CREATE INDEX "carrier_warehouses_synced_idx" ON "carrier_warehouses" USING btree ("synced_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_position_key" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_events_invoice_idx" ON "payment_events" USING btree ("invoice_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_key" ON "payments" USING btree ("order_id");