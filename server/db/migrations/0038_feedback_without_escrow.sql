-- 中介担保 is an escrow ticket now (escrowTickets); the old way — a feedback of type `escrow` carrying the deal —
-- is gone. A request made that way stays the author's feedback, a 问题反馈 whose content says what the deal was
-- (the other party's phone masked, as feedback phones are shown).
UPDATE "problems"
SET "type" = 'problem',
  "content" = "content" || E'\n\n中介担保交易：' || coalesce("escrow"->>'gameName', '') ||
    ' · 账号 ' || coalesce("escrow"->>'account', '') ||
    ' · 成交价 ¥' || to_char(("escrow"->>'price')::numeric / 100, 'FM999,999,990.00') ||
    coalesce(' · 对方手机号 ' || regexp_replace("escrow"->>'counterpartyPhone', '^(\d{3})\d{4}(\d{4})$', '\1****\2'), '') ||
    coalesce(' · 对方 QQ ' || ("escrow"->>'counterpartyQq'), ''),
  "escrow" = NULL
WHERE "type" = 'escrow';--> statement-breakpoint
ALTER TABLE "problems" DROP CONSTRAINT "problems_escrow_check";--> statement-breakpoint
ALTER TABLE "problems" DROP CONSTRAINT "problems_type_check";--> statement-breakpoint
ALTER TABLE "problems" DROP COLUMN "escrow";--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_type_check" CHECK ("problems"."type" in ('suggestion', 'problem', 'complaint'));
