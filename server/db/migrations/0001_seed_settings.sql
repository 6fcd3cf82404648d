-- Defaults of the original product (DOMAIN.md "Settings"). Money in integer fen, rates in basis points
-- (1000 = 10 %), durations named with their unit. Operators change values later; this runs once.
INSERT INTO "settings" ("key", "value") VALUES
  ('serviceFee', '800'),
  ('guaranteeRetrieval', '{"rateBps": 1000, "min": 5000}'),
  ('guaranteeFace', '{"rateBps": 1500, "min": 10000}'),
  ('deposit', '{"minGoodsPrice": 20000, "rateBps": 1000, "min": 5000}'),
  ('sellerCommission', '{"rateBps": 500, "min": 5000}'),
  ('unpaidOrderTimeoutMinutes', '15'),
  ('autoConfirmDays', '3'),
  ('payoutProtectionDays', '7'),
  ('topAccountThreshold', '600000'),
  ('pageSizes', '{"goods": {"default": 20, "options": [10, 20, 50, 100, 200]}, "orders": {"default": 10}, "others": {"default": 10}}'),
  ('serviceHours', '{"from": "10:00", "to": "02:00"}');
