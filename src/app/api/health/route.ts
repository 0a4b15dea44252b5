import { NextResponse } from 'next/server';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. Readiness (database, content source) is /api/ready. */
export function GET() {
  return NextResponse.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
