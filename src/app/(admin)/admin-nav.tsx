'use client';
import { Link } from '@/ui/link';
import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/admin', label: 'Přehled' },
  { href: '/admin/bookings', label: 'Poptávky' },
  { href: '/admin/svatby', label: 'Svatby' },
  { href: '/admin/galerie', label: 'Galerie' },
  { href: '/admin/blog', label: 'Blog' },
  { href: '/admin/platby', label: 'Platby' },
  { href: '/admin/mail', label: 'E-maily' },
  { href: '/admin/nastaveni', label: 'Nastavení' },
  { href: '/admin/obsah', label: 'Obsah webu' },
  { href: '/admin/bookings/gdpr', label: 'Osobní údaje' },
  { href: '/admin/ucet', label: 'Váš účet' },
];

/** The admin section's navigation, rendered once by the (admin) layout; the current page is marked for screen readers. */
export function AdminNav({ className }: { className?: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Administrace">
      <ul className={className}>
        {LINKS.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className="chip" aria-current={pathname === l.href ? 'page' : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
