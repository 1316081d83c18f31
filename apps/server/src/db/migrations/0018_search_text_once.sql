-- A product's search text keeps each word once, and none of its name's words (search_name holds
-- those): the search index lists a word under a product once however often it occurs, so repeats only
-- made the index read more at start. New and rewritten products are written so (productSearchKeys);
-- this does the same for those written before.
UPDATE "products" p
SET "search_text" = coalesce((
  SELECT string_agg(t.word, ' ' ORDER BY t.first)
  FROM (
    SELECT w.word, min(w.n) AS first
    FROM regexp_split_to_table(p."search_text", ' ') WITH ORDINALITY AS w(word, n)
    WHERE w.word <> '' AND NOT (w.word = ANY (string_to_array(p."search_name", ' ')))
    GROUP BY w.word
  ) t
), '')
WHERE p."search_text" <> '';
