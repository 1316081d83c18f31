CREATE TABLE "promo_code_categories" (
	"code_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "promo_code_categories_code_id_category_id_pk" PRIMARY KEY("code_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_products" (
	"code_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "promo_code_products_code_id_product_id_pk" PRIMARY KEY("code_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"min_total" numeric(12, 2),
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"max_uses_per_customer" integer,
	"exclude_promo" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."kind" <> 'percent' or "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_used_check" CHECK ("promo_codes"."used" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."used" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_period_check" CHECK ("promo_codes"."starts_at" is null or "promo_codes"."ends_at" is null or "promo_codes"."ends_at" > "promo_codes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "promo_customer_uses" (
	"code_id" integer NOT NULL,
	"customer_key" text NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "promo_customer_uses_code_id_customer_key_pk" PRIMARY KEY("code_id","customer_key"),
	CONSTRAINT "promo_customer_uses_check" CHECK ("promo_customer_uses"."uses" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"customer_key" text NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_replaced_prices" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"old_price" numeric(12, 2),
	"is_on_promo" boolean NOT NULL,
	"sale_price" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_sale_categories" (
	"sale_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "scheduled_sale_categories_sale_id_category_id_pk" PRIMARY KEY("sale_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_sale_products" (
	"sale_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "scheduled_sale_products_sale_id_product_id_pk" PRIMARY KEY("sale_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percent" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_sales_state_check" CHECK ("scheduled_sales"."state" in ('scheduled', 'active', 'ended')),
	CONSTRAINT "scheduled_sales_percent_check" CHECK ("scheduled_sales"."percent" between 1 and 90),
	CONSTRAINT "scheduled_sales_period_check" CHECK ("scheduled_sales"."ends_at" > "scheduled_sales"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_customer_uses" ADD CONSTRAINT "promo_customer_uses_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_replaced_prices" ADD CONSTRAINT "sale_replaced_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_replaced_prices" ADD CONSTRAINT "sale_replaced_prices_sale_id_scheduled_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."scheduled_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sale_categories" ADD CONSTRAINT "scheduled_sale_categories_sale_id_scheduled_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."scheduled_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sale_categories" ADD CONSTRAINT "scheduled_sale_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sale_products" ADD CONSTRAINT "scheduled_sale_products_sale_id_scheduled_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."scheduled_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sale_products" ADD CONSTRAINT "scheduled_sale_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "sale_replaced_prices_sale_idx" ON "sale_replaced_prices" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "scheduled_sales_state_idx" ON "scheduled_sales" USING btree ("state","starts_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount" >= 0);