'use client';
import { useMemo } from 'react';
import { isValidIsoDate } from '@/platform/iso-day';
import styles from './booking.module.css';

/** Live "is my date free?" answer next to the date field. */
export function DateStatus({ taken, value }: { taken: string[] | null; value: string }) {
  const takenSet = useMemo(() => new Set(taken ?? []), [taken]);
  return (
    <p className={styles.dateStatus} aria-live="polite" data-testid="date-status">
      {taken && isValidIsoDate(value)
        ? takenSet.has(value)
          ? 'Tento termín je bohužel už obsazený. Napište mi i tak – ráda doporučím kolegu.'
          : 'Termín je zatím volný.'
        : ''}
    </p>
  );
}
