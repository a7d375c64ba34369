-- SQLite cannot add a NOT NULL column without a default, and every build
-- starts from an empty file: the table is made again with the new columns.
DROP TABLE `timelines`;--> statement-breakpoint
CREATE TABLE `timelines` (
	`currency_code` text PRIMARY KEY NOT NULL,
	`periods` blob NOT NULL,
	`rates` text NOT NULL,
	`bodies` text NOT NULL,
	`etags` text NOT NULL
);
