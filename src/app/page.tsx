import Link from 'next/link';
import { getSiteInfo } from '@/content/site';

export default function HomePage() {
  const site = getSiteInfo();
  return (
    <section className="container page-header">
      <p className="eyebrow">{site.photographer.brand}</p>
      <h1>{site.photographer.tagline}</h1>
      <Link href="/rezervace" className="btn btn-primary">
        Rezervace
      </Link>
    </section>
  );
}
