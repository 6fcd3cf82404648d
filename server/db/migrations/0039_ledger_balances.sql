CREATE TABLE "ledger_balances" (
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_account_kind_pk" PRIMARY KEY("account","kind")
);
--> statement-breakpoint
-- What the journal already holds, account by account.
INSERT INTO "ledger_balances" ("account", "kind", "debit", "credit")
SELECT "account", "kind", sum("debit"), sum("credit")
FROM (
  SELECT "debit_account" AS "account", "kind", "amount" AS "debit", 0 AS "credit" FROM "ledger_entries"
  UNION ALL
  SELECT "credit_account", "kind", 0, "amount" FROM "ledger_entries"
) AS "moves"
GROUP BY "account", "kind";
