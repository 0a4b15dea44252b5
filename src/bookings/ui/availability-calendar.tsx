'use client';
import { useMemo, useState } from 'react';
import styles from './booking.module.css';
import { fillDateField } from './taken-dates';

const monthName = new Intl.DateTimeFormat('cs-CZ', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat('cs-CZ', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const WEEKDAYS = [
  ['Po', 'pondělí'],
  ['Út', 'úterý'],
  ['St', 'středa'],
  ['Čt', 'čtvrtek'],
  ['Pá', 'pátek'],
  ['So', 'sobota'],
  ['Ne', 'neděle'],
];

function monthKey(iso: string): string {
  return iso.slice(0, 7);
}
function shiftMonth(key: string, by: number): string {
  const [y, m] = key.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * A month grid marking taken dates (text, not colour alone; nothing about who took them). Free future days are
 * buttons that fill the form's date field. Month navigation falls back to ?mesic= links without JavaScript.
 */
export function AvailabilityCalendar({
  taken,
  today,
  lastDay,
  initialMonth,
  targetInputId = 'weddingDate',
}: {
  taken: string[];
  today: string;
  lastDay: string;
  initialMonth?: string;
  targetInputId?: string;
}) {
  const [month, setMonth] = useState(initialMonth && initialMonth >= monthKey(today) && initialMonth <= monthKey(lastDay) ? initialMonth : monthKey(today));
  const [picked, setPicked] = useState<string | null>(null);
  const takenSet = useMemo(() => new Set(taken), [taken]);

  const weeks = useMemo(() => {
    const [y, m] = month.split('-').map(Number);
    const first = new Date(Date.UTC(y, m - 1, 1));
    const offset = (first.getUTCDay() + 6) % 7;
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const cells: (string | null)[] = Array.from({ length: offset }, () => null);
    for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
    while (cells.length % 7) cells.push(null);
    const rows: (string | null)[][] = [];
    for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));
    return rows;
  }, [month]);

  const prev = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  const canPrev = prev >= monthKey(today);
  const canNext = next <= monthKey(lastDay);

  function pick(iso: string) {
    fillDateField(targetInputId, iso, true);
    setPicked(iso);
  }

  const caption = monthName.format(new Date(`${month}-01T00:00:00Z`));
  return (
    <div className={styles.calendar}>
      <div className={styles.calendarNav}>
        {canPrev ? (
          <a
            className="btn btn-small"
            href={`?mesic=${prev}#kalendar`}
            onClick={(e) => {
              e.preventDefault();
              setMonth(prev);
            }}
          >
            <span aria-hidden="true">‹</span> Předchozí měsíc
          </a>
        ) : (
          <span />
        )}
        <p className={styles.calendarTitle} aria-live="polite" id="kalendar-mesic">
          {caption}
        </p>
        {canNext ? (
          <a
            className="btn btn-small"
            href={`?mesic=${next}#kalendar`}
            onClick={(e) => {
              e.preventDefault();
              setMonth(next);
            }}
          >
            Další měsíc <span aria-hidden="true">›</span>
          </a>
        ) : (
          <span />
        )}
      </div>
      <table className={styles.grid} aria-labelledby="kalendar-mesic">
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col">
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, wi) => (
            <tr key={wi}>
              {week.map((iso, di) => {
                if (!iso) return <td key={di} />;
                const day = Number(iso.slice(8));
                const label = dayName.format(new Date(`${iso}T00:00:00Z`));
                if (iso < today || iso > lastDay) {
                  return (
                    <td key={iso} className={styles.past}>
                      <span aria-hidden="true">{day}</span>
                      <span className="visually-hidden">{label} – nelze vybrat</span>
                    </td>
                  );
                }
                if (takenSet.has(iso)) {
                  return (
                    <td key={iso} className={styles.taken} data-date={iso} data-state="taken">
                      <span aria-hidden="true">{day}</span>
                      <span className="visually-hidden">{label} – obsazeno</span>
                    </td>
                  );
                }
                return (
                  <td key={iso} className={styles.free} data-date={iso} data-state="free">
                    <button type="button" onClick={() => pick(iso)} aria-pressed={picked === iso} aria-label={`${label} – volno, vybrat`}>
                      {day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.legend}>
        <span className={styles.legendFree}>12</span> volný termín – kliknutím jej vyberete{' '}
        <span className={styles.legendTaken}>12</span> obsazeno
      </p>
    </div>
  );
}
