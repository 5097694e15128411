CREATE TABLE "organization_plugins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"plugin" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"config" jsonb NOT NULL,
	"secrets" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "organization_plugins" ADD CONSTRAINT "organization_plugins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_plugins" ADD CONSTRAINT "organization_plugins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_plugins_org_plugin_key" ON "organization_plugins" USING btree ("organization_id","plugin");--> statement-breakpoint
-- Hand-written: a plugin's secrets are only ever stored sealed (platform/secret-box.ts), never in clear.
ALTER TABLE "organization_plugins" ADD CONSTRAINT "organization_plugins_secrets_sealed" CHECK ("secrets" IS NULL OR "secrets" LIKE 'fluxo-enc:v1:%');
