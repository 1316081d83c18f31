ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- updated_at follows what a product's page shows (the sitemap's lastmod, decision 029): its own
-- columns but popularity and the search copies, its colours and sizes (copied into the row by the
-- triggers of 0006), its photos and its compositions. Products that existed before keep the time of
-- this migration: when they last changed is not known.
CREATE FUNCTION touch_product_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_touch_updated_at BEFORE UPDATE ON "products" FOR EACH ROW
  WHEN ((OLD.slug, OLD.sku, OLD.name, OLD.name_ru, OLD.description, OLD.description_ru, OLD.price, OLD.old_price,
         OLD.is_on_promo, OLD.is_on_sale, OLD.is_new, OLD.category_id, OLD.color_ids, OLD.size_ids)
        IS DISTINCT FROM
        (NEW.slug, NEW.sku, NEW.name, NEW.name_ru, NEW.description, NEW.description_ru, NEW.price, NEW.old_price,
         NEW.is_on_promo, NEW.is_on_sale, NEW.is_new, NEW.category_id, NEW.color_ids, NEW.size_ids))
  EXECUTE FUNCTION touch_product_updated_at();
--> statement-breakpoint
-- Photos and compositions: once per statement, and not again for products already stamped in this
-- transaction (a product written with its photos).
CREATE FUNCTION touch_products_of_parts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET updated_at = now()
  WHERE p.id IN (SELECT DISTINCT product_id FROM changed_rows) AND p.updated_at < now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_images_touch_insert AFTER INSERT ON "product_images" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_products_of_parts();
--> statement-breakpoint
CREATE TRIGGER product_images_touch_update AFTER UPDATE ON "product_images" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_products_of_parts();
--> statement-breakpoint
CREATE TRIGGER product_images_touch_delete AFTER DELETE ON "product_images" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_products_of_parts();
--> statement-breakpoint
CREATE TRIGGER compositions_touch_insert AFTER INSERT ON "compositions" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_products_of_parts();
--> statement-breakpoint
CREATE TRIGGER compositions_touch_update AFTER UPDATE ON "compositions" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_products_of_parts();
--> statement-breakpoint
CREATE TRIGGER compositions_touch_delete AFTER DELETE ON "compositions" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_products_of_parts();
