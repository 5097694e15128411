-- The outbox's rows no longer reference users by a foreign key: an organization-wide event writes one
-- row per member, and the key's check read and key-share locked as many users rows (half the time of
-- such a write). Recipients come from organization_members or a user id read from users as the rows are
-- written; a user's deletion takes their messages with it through this trigger instead of the cascade.
ALTER TABLE "realtime_messages" DROP CONSTRAINT "realtime_messages_user_id_users_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fluxo_delete_users_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM realtime_messages m USING deleted_users d WHERE m.user_id = d.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_deleted_messages
  AFTER DELETE ON users
  REFERENCING OLD TABLE AS deleted_users
  FOR EACH STATEMENT EXECUTE FUNCTION fluxo_delete_users_messages();
