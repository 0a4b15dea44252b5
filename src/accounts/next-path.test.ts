import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps same-site relative paths with query and hash', () => {
    expect(safeNextPath('/admin/bookings?status=new#x', '/')).toBe('/admin/bookings?status=new#x');
    expect(safeNextPath('/ucet', '/')).toBe('/ucet');
  });

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['evil'],
    ['/ok\u0000'],
    ['/a\\b'],
    [''],
    [null],
    [undefined],
    ['/' + 'a'.repeat(3000)],
  ])('rejects %j', (value) => {
    expect(safeNextPath(value, '/fallback')).toBe('/fallback');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNextPath('/a/../../b', '/')).toBe('/b');
  });
});
