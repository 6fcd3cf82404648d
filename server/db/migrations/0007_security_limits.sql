ALTER TABLE "credential_reveals" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Business limits against listing hoarding (an unpaid order holds its listing until it times out):
-- at most this many unpaid orders per buyer, and a buyer whose orders timed out `expiries` times within
-- `withinHours` waits `hours` before ordering again.
INSERT INTO "settings" ("key", "value") VALUES
  ('maxUnpaidOrders', '2'),
  ('expiryCooldown', '{"expiries": 3, "withinHours": 24, "hours": 24}')
ON CONFLICT ("key") DO NOTHING;
