-- Nicknames are public and usernames reach the console: neither may carry a phone number. Accounts made by a
-- phone's first sign-in were named after it (username u<phone>, nickname <phone>); they now get what new ones
-- get: a random username and 用户<last four digits>. A number typed into any other nickname (spaced or dashed
-- or not) is masked, as the check on new nicknames reads it.
UPDATE "users" SET "nick_name" = '用户' || right("nick_name", 4) WHERE "nick_name" ~ '^1[3-9][0-9]{9}$';--> statement-breakpoint
UPDATE "users"
SET "nick_name" = regexp_replace(regexp_replace("nick_name", '[\s-]', '', 'g'), '1([3-9][0-9])[0-9]{4}([0-9]{4})', '1\1****\2', 'g')
WHERE regexp_replace("nick_name", '[\s-]', '', 'g') ~ '1[3-9][0-9]{9}';--> statement-breakpoint
UPDATE "users" SET "username" = 'u' || substr(md5(random()::text || "id"::text), 1, 10) WHERE "username" ~ '^u1[3-9][0-9]{9}(_[0-9]+)?$';
