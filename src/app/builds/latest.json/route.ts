import { NextResponse } from 'next/server';
import { latestBuild } from '@/platform/build/build-info.server';

export const dynamic = 'force-dynamic';

/** docs/spec.md §2 "Build updates": the update check (`?t=<timestamp>` defeats caches); the browser compares `id` with its own build. */
export function GET() {
  const { id, timestamp } = latestBuild();
  return NextResponse.json({ id, timestamp }, { headers: { 'cache-control': 'no-store, max-age=0' } });
}
