-- Statistics counted in memory (decision 038): raw page views are no longer stored; the recorder adds
-- its counts to the one stat_daily row of each day, dimension and key.
DROP TABLE "stat_event" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "stat_daily_key_idx" ON "stat_daily" USING btree ("day","dim","key","demo");
