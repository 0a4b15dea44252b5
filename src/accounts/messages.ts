import { StrapiRequestError, strapiErrorMessage } from './strapi-client';

/**
 * Protocol errors arrive with Strapi's English messages; visitors read Czech. Unknown messages get a generic
 * sentence — never the raw server text.
 */
const CZECH: Record<string, string> = {
  'Invalid identifier or password': 'Nesprávný e-mail nebo heslo.',
  'Identifier or password invalid.': 'Nesprávný e-mail nebo heslo.',
  'Your account email is not confirmed': 'E-mail k tomuto účtu zatím není potvrzený. Otevřete prosím odkaz z potvrzovacího e-mailu.',
  'Your account has been blocked by an administrator': 'Tento účet je zablokovaný. Ozvěte se mi prosím.',
  'Email or Username are already taken': 'Účet s tímto e-mailem už existuje.',
  'Passwords do not match': 'Hesla se neshodují.',
  'Incorrect code provided': 'Odkaz pro obnovení hesla je neplatný nebo už vypršel. Požádejte prosím o nový.',
  'The provided current password is invalid': 'Současné heslo není správné.',
  'Your new password must be different than your current password': 'Nové heslo se musí lišit od současného.',
  'Too many requests, please try again later.': 'Příliš mnoho pokusů. Zkuste to prosím znovu za několik minut.',
  'Invalid token': 'Odkaz pro potvrzení e-mailu je neplatný nebo už byl použit.',
  'Already confirmed': 'Tento e-mail už je potvrzený. Můžete se přihlásit.',
  'This provider is disabled': 'Přihlášení přes tuto službu není zapnuté.',
  'Email is already taken.': 'Účet s tímto e-mailem už existuje. Přihlaste se prosím e-mailem a heslem.',
  'Email was not available.': 'Služba nesdělila ověřený e-mail, přihlášení proto nelze dokončit.',
};

export function errorKey(err: unknown): string | undefined {
  if (err instanceof StrapiRequestError) return strapiErrorMessage(err.error);
  return undefined;
}

export function isRateLimited(err: unknown): boolean {
  return err instanceof StrapiRequestError && (err.status === 429 || errorKey(err) === 'Too many requests, please try again later.');
}

export function czechAuthMessage(err: unknown, fallback = 'Akci se nepodařilo dokončit. Zkuste to prosím znovu.'): string {
  const key = errorKey(err);
  if (key && CZECH[key]) return CZECH[key];
  if (key && /^Password must be less than \d+ bytes$/.test(key)) return 'Heslo je příliš dlouhé (nejvýše 72 bajtů).';
  if (key && /must be at least \d+ characters$/.test(key)) return 'Heslo musí mít alespoň 8 znaků.';
  return fallback;
}
