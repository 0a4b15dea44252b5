// Owned by the accounts domain (users, roles, tokens).
export {};
