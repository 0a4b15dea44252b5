import { describe, expect, it } from 'vitest';
import { siteIconHref, siteIconInitials } from './site-icon';

describe('site icon initials', () => {
  it.each([
    ['Anna Nováková', 'AN'],
    ['šárka Čermáková', 'ŠČ'],
    ['Jana Marie de la Cruz', 'JC'],
    ['Žofie', 'Ž'],
    ['  Eva   (foto)  Dvořáková ', 'ED'],
    ['123 !!', ''],
  ])('%j → %j', (name, initials) => {
    expect(siteIconInitials(name)).toBe(initials);
  });

  it('links the initials, escaped, so a new name is a new address', () => {
    expect(siteIconHref('Šárka Čermáková')).toBe(`/site-icon.png?v=${encodeURIComponent('ŠČ')}`);
  });
});
