-- A person deleted by hand (`delete from users where id = …`) is signed out on every instance at
-- once (docs/decisions/030): the row's deletion says so on the session cache's channel, in the
-- very shape the application publishes there (auth/session-events.ts), heard on commit.
CREATE FUNCTION "user_row_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('balcao_sessions', json_build_object('type', 'user', 'userId', OLD.id)::text);
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_row_deleted" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "user_row_deleted"();
