-- products.color_ids / size_ids mirror product_colors / product_sizes. Writers touch only the join
-- tables; these triggers bring the copies up to date once per statement.
CREATE FUNCTION sync_product_color_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
  SET color_ids = c.ids
  FROM (
    SELECT t.product_id,
           coalesce((SELECT array_agg(pc.color_id ORDER BY pc.color_id) FROM product_colors pc
                     WHERE pc.product_id = t.product_id), '{}'::int[]) AS ids
    FROM (SELECT DISTINCT product_id FROM changed_rows) t
  ) c
  WHERE p.id = c.product_id AND p.color_ids IS DISTINCT FROM c.ids;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_product_size_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
  SET size_ids = c.ids
  FROM (
    SELECT t.product_id,
           coalesce((SELECT array_agg(ps.size_id ORDER BY ps.size_id) FROM product_sizes ps
                     WHERE ps.product_id = t.product_id), '{}'::int[]) AS ids
    FROM (SELECT DISTINCT product_id FROM changed_rows) t
  ) c
  WHERE p.id = c.product_id AND p.size_ids IS DISTINCT FROM c.ids;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_colors_sync_insert AFTER INSERT ON "product_colors" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_color_ids();
--> statement-breakpoint
CREATE TRIGGER product_colors_sync_update AFTER UPDATE ON "product_colors" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_color_ids();
--> statement-breakpoint
CREATE TRIGGER product_colors_sync_delete AFTER DELETE ON "product_colors" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_color_ids();
--> statement-breakpoint
CREATE TRIGGER product_sizes_sync_insert AFTER INSERT ON "product_sizes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_size_ids();
--> statement-breakpoint
CREATE TRIGGER product_sizes_sync_update AFTER UPDATE ON "product_sizes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_size_ids();
--> statement-breakpoint
CREATE TRIGGER product_sizes_sync_delete AFTER DELETE ON "product_sizes" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_size_ids();
--> statement-breakpoint
UPDATE products p SET
  color_ids = coalesce((SELECT array_agg(color_id ORDER BY color_id) FROM product_colors WHERE product_id = p.id), '{}'::int[]),
  size_ids = coalesce((SELECT array_agg(size_id ORDER BY size_id) FROM product_sizes WHERE product_id = p.id), '{}'::int[]);
--> statement-breakpoint
-- Everything a listing filters, sorts and counts by, so category pages are index-only scans.
CREATE INDEX products_listing_idx ON products (category_id)
  INCLUDE (id, price, is_on_sale, is_new, is_on_promo, popularity, created_at, color_ids, size_ids);
