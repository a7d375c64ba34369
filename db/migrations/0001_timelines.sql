CREATE TABLE `timelines` (
	`currency_code` text PRIMARY KEY NOT NULL,
	`periods` blob NOT NULL,
	`rates` text NOT NULL
);
