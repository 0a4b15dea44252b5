import type { Db } from '@/db/client';

/** The handle inside `db.transaction(…)`: the studio's repository functions take it where a change spans several tables. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
