CREATE TABLE "catalog_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"category_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The catalogue's change log: which products each write touched, so every process updates its search
-- index for those products alone instead of indexing the catalogue again. One row per product per
-- statement (transition tables) of products, their images and compositions; a category whose path
-- changed (its products' paths follow); "names" when a size or colour changes (products show their
-- names); and "reset" when the catalogue is emptied (a seed with --reset).
CREATE FUNCTION log_product_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_changes (kind, product_id) SELECT DISTINCT 'product', id FROM old_rows;
  ELSE
    INSERT INTO catalog_changes (kind, product_id) SELECT DISTINCT 'product', id FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION log_product_part_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_changes (kind, product_id) SELECT DISTINCT 'product', product_id FROM old_rows;
  ELSE
    INSERT INTO catalog_changes (kind, product_id) SELECT DISTINCT 'product', product_id FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION log_category_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (kind, category_id)
    SELECT 'category', n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.path IS DISTINCT FROM o.path;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION log_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (kind) VALUES (TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_logged_insert AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_changes();
--> statement-breakpoint
CREATE TRIGGER products_logged_update AFTER UPDATE ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_changes();
--> statement-breakpoint
CREATE TRIGGER products_logged_delete AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_changes();
--> statement-breakpoint
CREATE TRIGGER products_logged_truncate AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change('reset');
--> statement-breakpoint
CREATE TRIGGER product_images_logged_insert AFTER INSERT ON "product_images" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_part_changes();
--> statement-breakpoint
CREATE TRIGGER product_images_logged_update AFTER UPDATE ON "product_images" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_part_changes();
--> statement-breakpoint
CREATE TRIGGER product_images_logged_delete AFTER DELETE ON "product_images" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_part_changes();
--> statement-breakpoint
CREATE TRIGGER compositions_logged_insert AFTER INSERT ON "compositions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_part_changes();
--> statement-breakpoint
CREATE TRIGGER compositions_logged_update AFTER UPDATE ON "compositions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_part_changes();
--> statement-breakpoint
CREATE TRIGGER compositions_logged_delete AFTER DELETE ON "compositions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_part_changes();
--> statement-breakpoint
CREATE TRIGGER sizes_logged AFTER UPDATE OR DELETE ON "sizes" FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change('names');
--> statement-breakpoint
CREATE TRIGGER colors_logged AFTER UPDATE OR DELETE ON "colors" FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change('names');
--> statement-breakpoint
CREATE TRIGGER categories_logged_update AFTER UPDATE ON "categories" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_category_changes();
--> statement-breakpoint
-- Every process listens on kram_catalog, so a write made through one is in the others' search at
-- once rather than at their next check of the version.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  PERFORM pg_notify('kram_catalog', '');
  RETURN NULL;
END $$;
