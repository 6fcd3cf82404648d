-- 租号: rent terms gained the hours a rental may last and the owner's rules; listings offered before keep
-- what they said, read as rentable for 1 to 72 hours, to be logged out on time.
UPDATE "goods" SET "rent" = "rent" || '{"minHours": 1, "maxHours": 72, "rules": ["logout_on_time"]}'::jsonb
WHERE "rent" IS NOT NULL AND NOT "rent" ? 'minHours';
