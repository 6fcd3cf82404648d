CREATE TABLE "seller_stats" (
	"seller_key" integer PRIMARY KEY NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"five_star" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Adds to one seller's figures (0: the platform's own listings).
CREATE OR REPLACE FUNCTION seller_stats_add(seller integer, add_sales integer, add_reviews integer, add_rating integer, add_five integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO seller_stats AS s (seller_key, sales, reviews, rating_sum, five_star)
  VALUES (coalesce(seller, 0), add_sales, add_reviews, add_rating, add_five)
  ON CONFLICT (seller_key) DO UPDATE SET
    sales = s.sales + excluded.sales,
    reviews = s.reviews + excluded.reviews,
    rating_sum = s.rating_sum + excluded.rating_sum,
    five_star = s.five_star + excluded.five_star
$$;
--> statement-breakpoint
-- A sale counts while its order is completed. As games' listing counts: inserts and deletes by statement (a bulk
-- insert adds to each seller once, not once a row), updates by row and only when they move a sale in or out.
CREATE OR REPLACE FUNCTION orders_seller_sales_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seller_stats_add(seller_id, count(*)::int, 0, 0, 0) FROM new_rows WHERE status = 'completed' GROUP BY seller_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_seller_sales_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seller_stats_add(seller_id, -count(*)::int, 0, 0, 0) FROM old_rows WHERE status = 'completed' GROUP BY seller_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_seller_sales_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'completed' THEN
    PERFORM seller_stats_add(OLD.seller_id, -1, 0, 0, 0);
  END IF;
  IF NEW.status = 'completed' THEN
    PERFORM seller_stats_add(NEW.seller_id, 1, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_seller_sales_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION orders_seller_sales_insert();
--> statement-breakpoint
CREATE TRIGGER orders_seller_sales_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION orders_seller_sales_delete();
--> statement-breakpoint
CREATE TRIGGER orders_seller_sales_update AFTER UPDATE OF status, seller_id ON orders FOR EACH ROW
WHEN ((OLD.status = 'completed' OR NEW.status = 'completed')
  AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.seller_id IS DISTINCT FROM NEW.seller_id))
EXECUTE FUNCTION orders_seller_sales_update();
--> statement-breakpoint
-- A review counts while it is visible (not hidden); the same split.
CREATE OR REPLACE FUNCTION reviews_seller_rating_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seller_stats_add(seller_id, 0, count(*)::int, sum(rating)::int, (count(*) FILTER (WHERE rating = 5))::int)
  FROM new_rows WHERE hidden_at IS NULL GROUP BY seller_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_seller_rating_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seller_stats_add(seller_id, 0, -count(*)::int, -sum(rating)::int, -(count(*) FILTER (WHERE rating = 5))::int)
  FROM old_rows WHERE hidden_at IS NULL GROUP BY seller_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_seller_rating_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.hidden_at IS NULL THEN
    PERFORM seller_stats_add(OLD.seller_id, 0, -1, -OLD.rating, -(OLD.rating = 5)::int);
  END IF;
  IF NEW.hidden_at IS NULL THEN
    PERFORM seller_stats_add(NEW.seller_id, 0, 1, NEW.rating, (NEW.rating = 5)::int);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_seller_rating_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION reviews_seller_rating_insert();
--> statement-breakpoint
CREATE TRIGGER reviews_seller_rating_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION reviews_seller_rating_delete();
--> statement-breakpoint
CREATE TRIGGER reviews_seller_rating_update AFTER UPDATE OF rating, hidden_at, seller_id ON reviews FOR EACH ROW
WHEN ((OLD.hidden_at IS NULL OR NEW.hidden_at IS NULL)
  AND (OLD.rating IS DISTINCT FROM NEW.rating OR (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL)
    OR OLD.seller_id IS DISTINCT FROM NEW.seller_id))
EXECUTE FUNCTION reviews_seller_rating_update();
--> statement-breakpoint
-- What the orders and reviews already say.
INSERT INTO seller_stats (seller_key, sales, reviews, rating_sum, five_star)
SELECT seller_key, sum(sales), sum(reviews), sum(rating_sum), sum(five_star)
FROM (
  SELECT coalesce(seller_id, 0) AS seller_key, count(*) AS sales, 0 AS reviews, 0 AS rating_sum, 0 AS five_star
  FROM orders WHERE status = 'completed' GROUP BY 1
  UNION ALL
  SELECT coalesce(seller_id, 0), 0, count(*), sum(rating), count(*) FILTER (WHERE rating = 5)
  FROM reviews WHERE hidden_at IS NULL GROUP BY 1
) AS figures
GROUP BY seller_key;
