-- Search runs on the in-memory index (modules/catalog/search-index.ts): the SQL search structures go.
DROP INDEX "products_search_name_trgm";--> statement-breakpoint
DROP INDEX "products_search_vector_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";