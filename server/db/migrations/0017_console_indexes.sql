CREATE INDEX "goods_review_queue_idx" ON "goods" USING btree ("created_at","id") WHERE status = 'pending_review';--> statement-breakpoint
CREATE INDEX "goods_created_idx" ON "goods" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_time_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "payouts_failed_idx" ON "payouts" USING btree ("updated_at") WHERE status = 'failed';