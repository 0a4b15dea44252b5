-- Account retention: the privacy notice promises that a couple's account is deleted once 12 months
-- (content/terms.json accountRetentionMonths) have passed since their wedding and since their last sign-in.
-- last_active_at records the last sign-in / issued session; NULL for accounts that never signed in since.
ALTER TABLE auth_users ADD COLUMN IF NOT EXISTS last_active_at timestamptz;
