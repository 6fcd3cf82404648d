-- games.on_sale_count / sold_count count listings only: a 中介担保 ticket's account (kind guarantee) is never on
-- sale, but it is sold when its ticket completes, and 最近成交 and yesterday's sales leave it out (as every public
-- read does), so the counter that gives their total must as well. A row's kind never changes.
CREATE OR REPLACE FUNCTION goods_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games g SET on_sale_count = g.on_sale_count + d.on_sale, sold_count = g.sold_count + d.sold
  FROM (
    SELECT game_id, count(*) FILTER (WHERE status = 'on_sale') AS on_sale, count(*) FILTER (WHERE status = 'sold') AS sold
    FROM new_rows WHERE kind = 'listing' GROUP BY game_id
  ) d
  WHERE g.id = d.game_id AND (d.on_sale > 0 OR d.sold > 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION goods_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games g SET on_sale_count = g.on_sale_count - d.on_sale, sold_count = g.sold_count - d.sold
  FROM (
    SELECT game_id, count(*) FILTER (WHERE status = 'on_sale') AS on_sale, count(*) FILTER (WHERE status = 'sold') AS sold
    FROM old_rows WHERE kind = 'listing' GROUP BY game_id
  ) d
  WHERE g.id = d.game_id AND (d.on_sale > 0 OR d.sold > 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION goods_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind <> 'listing' THEN
    RETURN NULL;
  END IF;
  UPDATE games SET
    on_sale_count = on_sale_count
      + (id = NEW.game_id AND NEW.status = 'on_sale')::int - (id = OLD.game_id AND OLD.status = 'on_sale')::int,
    sold_count = sold_count
      + (id = NEW.game_id AND NEW.status = 'sold')::int - (id = OLD.game_id AND OLD.status = 'sold')::int
  WHERE id IN (OLD.game_id, NEW.game_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE games g SET sold_count = (SELECT count(*) FROM goods WHERE game_id = g.id AND status = 'sold' AND kind = 'listing');
