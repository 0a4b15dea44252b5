import { contentOutageNotices } from '@/content/outage-notice.server';

/** The admin's banner while a content source does not answer (on /admin and /strapi-test). */
export async function ContentOutageBanner() {
  const notices = await contentOutageNotices();
  if (!notices.length) return null;
  return (
    <div className="notice notice-error" role="status" data-testid="content-outage">
      {notices.map((n) => (
        <p key={n.source}>
          <strong>{n.text}</strong>
        </p>
      ))}
    </div>
  );
}
