CREATE TABLE "web_vitals_daily" (
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"metric" text NOT NULL,
	"counts" integer[] NOT NULL,
	CONSTRAINT "web_vitals_daily_day_page_type_metric_pk" PRIMARY KEY("day","page_type","metric"),
	CONSTRAINT "web_vitals_daily_page_type_check" CHECK ("web_vitals_daily"."page_type" in ('home', 'category', 'product', 'search', 'static', 'checkout', 'account', 'wishlist', 'other')),
	CONSTRAINT "web_vitals_daily_metric_check" CHECK ("web_vitals_daily"."metric" in ('LCP', 'INP', 'CLS'))
);
