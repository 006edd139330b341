-- A member's stored-value account carries copies of the member's number, name and mobile, so the
-- accounts list (resources/deposit/store-value-account.resource.ts) shows, searches and filters
-- them on its own table. The ledger writes them when it opens the account; this trigger keeps
-- them in step when a member changes (server/modules/ledger/README.md). Lock order is the
-- ledger's: the member row, then the account row.
CREATE OR REPLACE FUNCTION value_accounts_follow_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE value_accounts SET member_number = NEW.member_number, member_name = NEW.name, mobile = NEW.mobile
  WHERE tenant_id = NEW.tenant_id AND holder_kind = 'member' AND member_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER value_accounts_follow_member AFTER UPDATE OF member_number, name, mobile ON members
  FOR EACH ROW WHEN (OLD.member_number IS DISTINCT FROM NEW.member_number OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.mobile IS DISTINCT FROM NEW.mobile)
  EXECUTE FUNCTION value_accounts_follow_member();--> statement-breakpoint
UPDATE value_accounts a SET member_number = m.member_number, member_name = m.name, mobile = m.mobile
  FROM members m WHERE a.holder_kind = 'member' AND m.tenant_id = a.tenant_id AND m.id = a.member_id;
