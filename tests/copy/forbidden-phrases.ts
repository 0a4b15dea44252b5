/**
 * A guard, not the fix: phrases a native-level review of the site found wrong. The copy itself was
 * rewritten; these checks make sure none of the old wording comes back in a page, an e-mail or the cookie banner.
 * Each entry says what is wrong, so a failure reads like a review comment.
 */
export interface ForbiddenPhrase {
  pattern: RegExp;
  why: string;
  /** About the site's own voice; quotes of couples (testimonials) may say „děkujeme“. */
  voice?: true;
}

export const FORBIDDEN_PHRASES: ForbiddenPhrase[] = [
  // Compliance
  { pattern: /Souhlasím se zpracováním/, why: 'a compulsory consent box is not freely given; the forms show a notice' },
  { pattern: /Bez souhlasu se zpracováním údajů/, why: 'consent is no longer required for an inquiry' },
  { pattern: /anonymně počítat/, why: 'the banner must name what is measured (and Google when configured)' },
  { pattern: /anonymizovan[áé] data/, why: 'analytics data is pseudonymised, not anonymised' },
  { pattern: /standardn\p{L}* smluvn\p{L}* dolož/u, why: 'Google transfers rest on the EU-US Data Privacy Framework' },
  { pattern: /zapsaná v živnostenském rejstříku\.(?! *\()/, why: 'the trade licensing office must be named' },
  { pattern: /[Nn]ejsem plátce(m)? DPH/, why: 'one wording everywhere: „Neplátce DPH“' },
  { pattern: /\b12345678\b/, why: 'the sample IČO must pass the mod-11 check' },
  { pattern: /zákon o účetnictví|zákona o DPH/, why: 'an OSVČ non-payer of VAT keeps daňová evidence, not účetnictví/DPH' },
  // One set of terms
  { pattern: /předběžně podržím/, why: 'an inquiry does not hold the date' },
  { pattern: /blokuji až po vzájemné domluvě/, why: 'hold wording comes from content/terms.json' },
  { pattern: /Do té doby termín neblokuji/, why: 'hold wording comes from content/terms.json' },
  { pattern: /záloha propadá/, why: 'a proportionate storno scale replaces a forfeited deposit' },
  { pattern: /nejpozději do 8 týdnů/, why: 'delivery time is one number (content/terms.json)' },
  // One voice: the photographer („já“) to lower-case „vy“
  { pattern: /[Dd]ěkujeme/, why: 'the site speaks as „já“: „děkuji“', voice: true },
  { pattern: /[Oo]mlouváme se/, why: 'the site speaks as „já“: „omlouvám se“', voice: true },
  { pattern: /[Pp]ošleme/, why: 'the site speaks as „já“: „pošlu“', voice: true },
  { pattern: /\bnemáme\b|zobrazujeme|připravujeme|\bneznáme\b|[Pp]oslali jsme/, why: 'the site speaks as „já“', voice: true },
  { pattern: /jsme nenašli|\bpřipojíme\b|\bumíme\b|\bnepodporujeme\b/, why: 'the site speaks as „já“ (or „server umí / nepodporuje“)', voice: true },
  { pattern: /[a-zá-ž,;–] (Vám|Vás|Váš|Vaše|Vašemu|Vašeho|Vaši|Vašich|Vy)(?!\p{L})/u, why: '„vy“ is lower case', voice: true },
  { pattern: /Dobrý den, \p{Lu}\p{Ll}+,/u, why: 'greeting in the nominative; use the vocative or just „Dobrý den,“', voice: true },
  {
    pattern: /(?<!(?:\bdo|\bod|\bze?|během|než)[ \u00a0])\b[2-4][ \u00a0](dní|měsíců|týdnů)(?![\p{L}])/u,
    why: '2–4 take „dny / měsíce / týdny“ (the genitive after do/od/z/během/než is fine)',
  },
  { pattern: /\b1[ \u00a0](dní|dnů|dny|měsíců|měsíce|týdnů|týdny)(?![\p{L}])/u, why: '1 takes the singular' },
  // Errors (item 9)
  { pattern: /komorný/, why: '„komorní“' },
  { pattern: /staré dřevěné vrata/, why: '„stará dřevěná vrata“' },
  { pattern: /(?<!\p{L})z Šumperka/u, why: '„ze Šumperka“' },
  { pattern: /z města Brno/, why: '„z Brna“' },
  { pattern: /(?<!\p{L})s 40 stranami|(?<!\p{L})s dvěma(?!\p{L})/u, why: '„se 40 stranami“, „se dvěma“' },
  { pattern: /které vypráví(?!\p{L})/u, why: '„které vyprávějí“ (plural)' },
  { pattern: /svatební fotograf\b/i, why: 'she is a „svatební fotografka“' },
  { pattern: /Intimní/, why: '„Komorní“' },
  { pattern: /Villa Lanna/, why: '„Vila Lanna“, „ve Vile Lanna“' },
  { pattern: /Přihlášeni jako/, why: 'one woman: „Přihlášena jako“' },
  { pattern: /—/, why: 'Czech uses the en dash (–), not the em dash' },
  { pattern: /\d\u0020\d{3}(?!\d)/, why: 'a non-breaking space inside numbers („14 900 Kč“)' },
  { pattern: /\d\u0020(Kč|km|%)/, why: 'a non-breaking space between a number and its unit' },
  // Sample content
  { pattern: /tanec až do rána ve skleníku|modrý soumrak/, why: 'sample wedding contradicted itself' },
  { pattern: /Pernštejn[^\n]{0,80}Vysočina/, why: 'Pernštejn is in Jihomoravský kraj' },
];

/**
 * Everything wrong in `text`, as readable lines (`where` names the page or e-mail). `quote` text (what couples say
 * in testimonials) is held to everything but the site's own voice.
 */
export function forbiddenIn(where: string, raw: string, opts: { quote?: boolean } = {}): string[] {
  // Phone numbers are written in groups with ordinary spaces on purpose (they are dialled, not read as amounts).
  const text = raw.replace(/\+420(?:[ \u00a0]\d{3}){3}/g, '+420');
  const found: string[] = [];
  for (const { pattern, why, voice } of FORBIDDEN_PHRASES) {
    if (voice && opts.quote) continue;
    const m = pattern.exec(text);
    if (m) {
      const at = Math.max(0, m.index - 40);
      found.push(`${where}: „${m[0]}“ (${why}) … ${text.slice(at, m.index + m[0].length + 40).replace(/\s+/g, ' ')} …`);
    }
  }
  return found;
}
