-- A seller's 成交 counts their completed sales only: a rental's orders (its first and each renewal) carry its
-- money, and were counted as sales until now. An order's kind never changes, so the update trigger's WHEN stays.
CREATE OR REPLACE FUNCTION orders_seller_sales_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seller_stats_add(seller_id, count(*)::int, 0, 0, 0) FROM new_rows
  WHERE status = 'completed' AND kind = 'sale' GROUP BY seller_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_seller_sales_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seller_stats_add(seller_id, -count(*)::int, 0, 0, 0) FROM old_rows
  WHERE status = 'completed' AND kind = 'sale' GROUP BY seller_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_seller_sales_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.kind <> 'sale' THEN
    RETURN NULL;
  END IF;
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
-- What the orders already say.
UPDATE seller_stats s SET sales = (
  SELECT count(*) FROM orders
  WHERE coalesce(seller_id, 0) = s.seller_key AND status = 'completed' AND kind = 'sale'
);
