import { describe, expect, it } from 'vitest';
import { formatCzechDate, formatCzechDateTimeLong, isoDayOf, isValidIsoDate, parseIsoDay } from './dates';

describe('ISO days', () => {
  it('accepts real calendar days only', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2026-02-29')).toBe(false);
    expect(isValidIsoDate('2024-02-31')).toBe(false);
    expect(isValidIsoDate('2024-6-1')).toBe(false);
  });
  it('takes the day a value starts with', () => {
    expect(isoDayOf('2024-06-15T14:00:00.000Z')).toBe('2024-06-15');
    expect(isoDayOf('2024-02-30')).toBeNull();
    expect(isoDayOf(null)).toBeNull();
    expect(parseIsoDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDay('2024-02-31')).toBeNull();
  });
});

describe('Czech dates', () => {
  it('formats ISO days the Czech way', () => {
    expect(formatCzechDate('2024-06-12')).toBe('12. června 2024');
    expect(formatCzechDate('2023-09-02T14:00:00Z')).toBe('2. září 2023');
  });
  it('keeps free text as it is', () => {
    expect(formatCzechDate('Date not specified')).toBe('Date not specified');
    expect(formatCzechDate('léto 2022')).toBe('léto 2022');
  });
  it('spells a moment in Prague time', () => {
    expect(formatCzechDateTimeLong(new Date('2026-11-23T17:05:00Z'))).toMatch(/^23\. listopadu 2026 v? ?18:05$/);
  });
});
