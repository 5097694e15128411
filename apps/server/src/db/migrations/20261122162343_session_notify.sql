-- Tells every server instance when a session stops standing, so per-instance caches of live sessions
-- (platform/live-sessions.ts) drop it at once: `s:<session id>` when a session is revoked, its expiry
-- changed or it is deleted; `u:<user id>` when a user is disabled or deleted.
CREATE OR REPLACE FUNCTION fluxo_notify_session_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('fluxo_sessions', 's:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('fluxo_sessions', 'u:' || OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended
  AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION fluxo_notify_session_ended();
--> statement-breakpoint
CREATE TRIGGER users_disabled
  AFTER UPDATE OF disabled OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION fluxo_notify_session_ended();
