'use client';
import { Link } from '@/ui/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { NavLinks, type NavItem } from './nav-links';
import styles from './site-header.module.css';

/** Disclosure menu for phones: a real button with aria-expanded, Esc closes and returns focus. */
export function MobileMenu({ items, cta }: { items: NavItem[]; cta: NavItem }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  // Close whenever the route changes.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className={styles.mobile}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true" className={styles.burger} data-open={open} />
        <span>{open ? 'Zavřít' : 'Menu'}</span>
      </button>
      <div id="mobile-menu" ref={panelRef} className={styles.panel} hidden={!open}>
        <nav aria-label="Mobilní navigace">
          <NavLinks items={items} className={styles.mobileList} onNavigate={() => setOpen(false)} />
        </nav>
        <Link prefetch={false} href={cta.href} className="btn btn-primary" onClick={() => setOpen(false)}>
          {cta.label}
        </Link>
      </div>
    </div>
  );
}
