import { databaseSnapshotResponse } from '@/operations/public.server';

export const dynamic = 'force-dynamic';

/** The local backup channel: `npm run backup` asks the running server for a copy of the embedded database. */
export function POST(request: Request) {
  return databaseSnapshotResponse(request);
}
