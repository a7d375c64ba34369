CREATE TABLE `anomalies` (
	`id` integer PRIMARY KEY NOT NULL,
	`severity` text NOT NULL,
	`kind` text NOT NULL,
	`file` text NOT NULL,
	`line` integer NOT NULL,
	`message` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `anomalies_kind` ON `anomalies` (`kind`);--> statement-breakpoint
CREATE TABLE `build_info` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `currencies` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`hmrc_name` text NOT NULL,
	`first_date` text NOT NULL,
	`last_date` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rates` (
	`currency_code` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`kind` text NOT NULL,
	`rate` text NOT NULL,
	`source` text NOT NULL,
	PRIMARY KEY(`currency_code`, `starts_on`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `versions` (
	`software` text PRIMARY KEY NOT NULL,
	`npm_package` text NOT NULL,
	`release_version` text NOT NULL,
	`release_date` text NOT NULL,
	`nightly_version` text NOT NULL,
	`nightly_date` text NOT NULL
);
