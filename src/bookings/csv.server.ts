import 'server-only';
import { stringify } from 'csv-stringify/sync';
import { formatCzechDate } from '@/platform/dates';
import { FIELD_LABELS, SOURCE_OPTIONS } from './input';
import { packageName } from './packages';
import { FLAG_LABELS, STATUS_LABELS } from './statuses';
import type { InquiryDetail } from './types';

/** Excel-friendly CSV: UTF-8 with BOM, `;` as the delimiter (Czech Excel), Czech headers. */
export function inquiriesCsv(items: InquiryDetail[]): string {
  const iso = (d: Date | null) => (d ? d.toISOString() : '');
  return stringify(
    items.map((i) => [
      i.reference,
      STATUS_LABELS[i.status],
      i.partner1,
      i.partner2 ?? '',
      i.email,
      i.phone ?? '',
      i.weddingDate ?? '',
      i.weddingDate ? formatCzechDate(i.weddingDate) : '',
      i.venue ?? '',
      i.town ?? '',
      i.ceremonyTime ?? '',
      i.guestCount ?? '',
      packageName(i.packageId) ?? '',
      i.hours ?? '',
      i.message ?? '',
      SOURCE_OPTIONS.find((o) => o.value === i.source)?.label ?? i.source ?? '',
      i.marketingConsent ? 'ano' : 'ne',
      i.flags.map((f) => FLAG_LABELS[f] ?? f).join(', '),
      iso(i.createdAt),
      iso(i.holdExpiresAt),
    ]),
    {
      bom: true,
      delimiter: ';',
      record_delimiter: '\r\n',
      header: true,
      columns: [
        'Číslo',
        'Stav',
        FIELD_LABELS.partner1,
        FIELD_LABELS.partner2,
        FIELD_LABELS.email,
        FIELD_LABELS.phone,
        'Datum svatby (ISO)',
        FIELD_LABELS.weddingDate,
        FIELD_LABELS.venue,
        FIELD_LABELS.town,
        FIELD_LABELS.ceremonyTime,
        FIELD_LABELS.guestCount,
        FIELD_LABELS.packageId,
        FIELD_LABELS.hours,
        FIELD_LABELS.message,
        FIELD_LABELS.source,
        FIELD_LABELS.marketingConsent,
        'Upozornění',
        'Přišlo',
        'Blokace do',
      ],
      // Cells starting with = + - @ would run as formulas in Excel (CSV injection).
      cast: { string: (v) => (/^[=@\t\r]/.test(v) || /^[+-](?![\d\s()]+$)/.test(v) ? `'${v}` : v) },
    },
  );
}
