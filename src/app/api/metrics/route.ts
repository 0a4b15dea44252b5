import { metricsResponse } from '@/operations/public.server';
import { metricSources } from '@/wiring.server';

export const dynamic = 'force-dynamic';

/** Prometheus metrics behind METRICS_TOKEN (404 without it). */
export function GET(request: Request) {
  return metricsResponse(request, metricSources());
}
