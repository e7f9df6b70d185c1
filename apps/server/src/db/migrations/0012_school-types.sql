-- 学校类型 grew from 4 to 9 values (issue 16): the old 中学 ('middle') becomes 九年一贯制/完全中学 ('complete').
UPDATE "customer_intention" SET "school_type" = 'complete' WHERE "school_type" = 'middle';--> statement-breakpoint
UPDATE "tenant" SET "school_type" = 'complete' WHERE "school_type" = 'middle';
