CREATE TABLE `anomalies` (
	`id` integer PRIMARY KEY NOT NULL,
	`severity` text NOT NULL,
	`kind` text NOT NULL,
	`file` text NOT NULL,
	`line` integer NOT NULL,
	`message` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `build_info` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `currencies` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`hmrc_name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `periods` (
	`currency_code` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`kind` text NOT NULL,
	`rate` text NOT NULL,
	`source` text NOT NULL,
	`note` text,
	PRIMARY KEY(`currency_code`, `starts_on`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `versions` (
	`position` integer PRIMARY KEY NOT NULL,
	`software` text NOT NULL,
	`npm_package` text NOT NULL,
	`release_version` text NOT NULL,
	`release_date` text NOT NULL,
	`nightly_version` text NOT NULL,
	`nightly_date` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `versions_software_unique` ON `versions` (`software`);--> statement-breakpoint
CREATE TABLE `yearly_rates` (
	`series` text NOT NULL,
	`period` text NOT NULL,
	`currency_code` text NOT NULL,
	`rate` text NOT NULL,
	`source` text NOT NULL,
	PRIMARY KEY(`series`, `period`, `currency_code`)
);
