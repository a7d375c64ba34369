CREATE TABLE `day_tables` (
	`starts_on` integer PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`etag` text NOT NULL,
	`bytes` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `histories` (
	`currency_code` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`etag` text NOT NULL,
	`bytes` integer NOT NULL
);
