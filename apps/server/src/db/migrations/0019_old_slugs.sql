CREATE TABLE "category_old_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_old_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_old_slugs" ADD CONSTRAINT "category_old_slugs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_old_slugs" ADD CONSTRAINT "product_old_slugs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_old_slugs_category_idx" ON "category_old_slugs" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_old_slugs_product_idx" ON "product_old_slugs" USING btree ("product_id");