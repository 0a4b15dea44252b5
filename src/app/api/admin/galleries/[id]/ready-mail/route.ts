import { GalleryMailError, sendReadyMail } from '@/galleries/mail.server';
import { adminDeliveryRoute, visitorError, visitorJson } from '@/galleries/visitor-http.server';

export const dynamic = 'force-dynamic';

/** POST /api/admin/galleries/{id}/ready-mail → 202 {mailId}: "your photos are ready" with the link and the code, to the couple's e-mail, through the outbox. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return adminDeliveryRoute(request, id, async ({ deps, gallery, now }) => {
    try {
      return visitorJson({ mailId: await sendReadyMail(deps.db, gallery, now) }, 202);
    } catch (err) {
      if (err instanceof GalleryMailError) return visitorError(409, err.message);
      throw err;
    }
  });
}
