-- The typo vocabulary is now the in-memory search index's own word list (search-index.ts).
DROP TRIGGER "products_search_words_insert" ON "products";--> statement-breakpoint
DROP TRIGGER "products_search_words_update" ON "products";--> statement-breakpoint
DROP FUNCTION collect_search_words();--> statement-breakpoint
DROP TABLE "search_words" CASCADE;