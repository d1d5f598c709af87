CREATE TABLE "buildings" (
	"id" text PRIMARY KEY NOT NULL,
	"map_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "buildings_map_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text,
	"address" text,
	"bin" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"footprint" jsonb NOT NULL,
	"height_m" real NOT NULL,
	"floors" integer NOT NULL,
	"year_built" integer,
	"floor_area_sqft" integer NOT NULL,
	"base_price_cents" integer NOT NULL,
	"source" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"building_id" text NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"building_id" text NOT NULL,
	"owner_id" uuid,
	"custom_name" text,
	"price_cents" integer NOT NULL,
	"for_sale" boolean DEFAULT false NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_map_id_key" ON "buildings" USING btree ("map_id");--> statement-breakpoint
CREATE INDEX "buildings_bin_idx" ON "buildings" USING btree ("bin");--> statement-breakpoint
CREATE INDEX "price_history_building_idx" ON "price_history" USING btree ("building_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_building_id_key" ON "properties" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "properties_for_sale_idx" ON "properties" USING btree ("for_sale") WHERE "properties"."for_sale";