import Link from 'next/link';
import styles from './admin.module.css';

const LINKS = [
  { href: '/admin', label: 'Přehled' },
  { href: '/admin/bookings', label: 'Poptávky' },
  { href: '/admin/svatby', label: 'Svatby' },
  { href: '/admin/mail', label: 'E-maily' },
  { href: '/admin/bookings/gdpr', label: 'Osobní údaje' },
];

/** Admin section navigation (server component). */
export function AdminNav({ current }: { current: string }) {
  return (
    <nav aria-label="Administrace">
      <ul className={styles.nav}>
        {LINKS.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className="chip" aria-current={current === l.href ? 'page' : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
