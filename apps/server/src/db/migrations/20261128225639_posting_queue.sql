CREATE TABLE "accounting_posting_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_posting_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "accounting_posting_queue" ADD CONSTRAINT "accounting_posting_queue_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_posting_queue_org_idx" ON "accounting_posting_queue" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "accounting_posting_queue_source_idx" ON "accounting_posting_queue" USING btree ("organization_id","source_id");