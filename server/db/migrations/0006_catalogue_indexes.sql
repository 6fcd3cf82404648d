-- Measured at 1M goods on PostgreSQL 15 (bench/RESULTS.md). Game + keyword: the capped count read every
-- listing of every game holding the bigram, then dropped the other games (74 ms for "全英"); with game_id
-- in the same GIN the posting lists intersect first (14 ms cold, no rows of other games read).
-- Game + a common radio value + price range, by price: the planner took the attributes GIN (it assumes
-- 0.1 % of rows match any containment) and fetched 13 318 listings to sort them (66 ms); the per-game
-- price btree carries the attributes (INCLUDE, migration 0003) and answers it index-only (0.3 ms).
-- btree_gin is a trusted extension (PostgreSQL 13+): the database owner may create it. The embedded
-- PGlite loads it in server/db/embedded.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "goods_sale_attributes_idx";--> statement-breakpoint
DROP INDEX "goods_sale_grams_idx";--> statement-breakpoint
CREATE INDEX "goods_sale_game_grams_idx" ON "goods" USING gin ("game_id","search_grams") WHERE status = 'on_sale';
