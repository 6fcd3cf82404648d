ALTER TABLE "games" ADD COLUMN "rentable_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-added: games.rentable_count, listings on sale that can be rented (rent terms set), kept by the same
-- triggers as on_sale_count: 租号's game picker shows it, so a renter does not open a game with nothing to rent.
-- A row's rent changes when its seller edits the terms, so the update trigger watches rent as well.
CREATE OR REPLACE FUNCTION goods_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games g SET on_sale_count = g.on_sale_count + d.on_sale, sold_count = g.sold_count + d.sold,
    rentable_count = g.rentable_count + d.rentable
  FROM (
    SELECT game_id, count(*) FILTER (WHERE status = 'on_sale') AS on_sale, count(*) FILTER (WHERE status = 'sold') AS sold,
      count(*) FILTER (WHERE status = 'on_sale' AND rent IS NOT NULL) AS rentable
    FROM new_rows WHERE kind = 'listing' GROUP BY game_id
  ) d
  WHERE g.id = d.game_id AND (d.on_sale > 0 OR d.sold > 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION goods_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games g SET on_sale_count = g.on_sale_count - d.on_sale, sold_count = g.sold_count - d.sold,
    rentable_count = g.rentable_count - d.rentable
  FROM (
    SELECT game_id, count(*) FILTER (WHERE status = 'on_sale') AS on_sale, count(*) FILTER (WHERE status = 'sold') AS sold,
      count(*) FILTER (WHERE status = 'on_sale' AND rent IS NOT NULL) AS rentable
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
    rentable_count = rentable_count
      + (id = NEW.game_id AND NEW.status = 'on_sale' AND NEW.rent IS NOT NULL)::int
      - (id = OLD.game_id AND OLD.status = 'on_sale' AND OLD.rent IS NOT NULL)::int,
    sold_count = sold_count
      + (id = NEW.game_id AND NEW.status = 'sold')::int - (id = OLD.game_id AND OLD.status = 'sold')::int
  WHERE id IN (OLD.game_id, NEW.game_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER goods_counts_update ON goods;
--> statement-breakpoint
CREATE TRIGGER goods_counts_update AFTER UPDATE OF status, game_id, rent ON goods FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.game_id IS DISTINCT FROM NEW.game_id
    OR (OLD.rent IS NULL) IS DISTINCT FROM (NEW.rent IS NULL))
  EXECUTE FUNCTION goods_counts_after_update();
--> statement-breakpoint
UPDATE games g SET rentable_count =
  (SELECT count(*) FROM goods WHERE game_id = g.id AND status = 'on_sale' AND rent IS NOT NULL AND kind = 'listing');
