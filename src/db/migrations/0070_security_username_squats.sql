-- A username that looks like an e-mail address must be its account's own address (docs/decisions/060-…).
-- Accounts registered before that rule may hold someone else's address as their username, which blocked that
-- person from registering: such usernames become the account's own address. Two steps, so that two accounts
-- holding each other's address never collide on the unique index midway.
UPDATE auth_users SET username = 'migrating-' || id::text || '-' || email
  WHERE position('@' in username) > 0 AND lower(username) <> lower(email);
UPDATE auth_users SET username = email WHERE username LIKE 'migrating-%' AND username = 'migrating-' || id::text || '-' || email;
