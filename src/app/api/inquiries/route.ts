import { handleInquiryPost } from '@/bookings/http.server';
import { appDeps } from '@/bookings/runtime.server';

/** POST /api/inquiries — the full inquiry as JSON (same schema as the form); honours Idempotency-Key. */
export async function POST(request: Request): Promise<Response> {
  return handleInquiryPost(request, appDeps());
}
