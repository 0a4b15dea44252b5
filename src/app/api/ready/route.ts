import { NextResponse } from 'next/server';
import { readiness } from '@/platform/readiness.server';
import { readinessChecks } from '@/wiring.server';

export const dynamic = 'force-dynamic';

/** Readiness for a load balancer: 200 when the database and content source are reachable, else 503 with details. */
export async function GET(request: Request) {
  const result = await readiness(readinessChecks(), request.headers.get('x-request-id') ?? undefined);
  return NextResponse.json(result, { status: result.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
