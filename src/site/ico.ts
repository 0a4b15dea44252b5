/**
 * Czech company id (IČO): eight digits whose last one is the mod-11 check digit of the first seven
 * (weights 8…2; remainder 0 → 1, 1 → 0, otherwise 11 − remainder).
 */
export function isValidIco(ico: string): boolean {
  if (!/^\d{8}$/.test(ico)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(ico[i]) * (8 - i);
  const rest = sum % 11;
  const check = rest === 0 ? 1 : rest === 1 ? 0 : 11 - rest;
  return check === Number(ico[7]);
}
