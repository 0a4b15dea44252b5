import { handleAvailabilityGet } from '@/bookings/http.server';
import { appDeps } from '@/bookings/runtime.server';

/** GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD → { taken: [...] } (dates only). */
export async function GET(request: Request): Promise<Response> {
  return handleAvailabilityGet(request, appDeps());
}
