PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_day_tables` (
	`starts_on` integer PRIMARY KEY NOT NULL,
	`body` blob NOT NULL,
	`etag` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_day_tables`("starts_on", "body", "etag") SELECT "starts_on", "body", "etag" FROM `day_tables`;--> statement-breakpoint
DROP TABLE `day_tables`;--> statement-breakpoint
ALTER TABLE `__new_day_tables` RENAME TO `day_tables`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_histories` (
	`currency_code` text PRIMARY KEY NOT NULL,
	`body` blob NOT NULL,
	`etag` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_histories`("currency_code", "body", "etag") SELECT "currency_code", "body", "etag" FROM `histories`;--> statement-breakpoint
DROP TABLE `histories`;--> statement-breakpoint
ALTER TABLE `__new_histories` RENAME TO `histories`;