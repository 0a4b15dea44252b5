import { describe, expect, it } from 'vitest';
import { forbiddenIn } from '../copy/forbidden-phrases';

/** The guard itself: it trips on every old sentence the review listed, and lets the corrected ones through. */
describe('copy guard', () => {
  it.each([
    'Souhlasím se zpracováním osobních údajů za účelem vyřízení poptávky (povinné)',
    'Bez souhlasu se zpracováním údajů nemohu poptávku přijmout.',
    'S vaším souhlasem budeme také anonymně počítat návštěvy stránek.',
    'anonymizovaná data o návštěvě',
    'na základě standardních smluvních doložek',
    'Fyzická osoba podnikající podle živnostenského zákona, zapsaná v živnostenském rejstříku.',
    'IČO 12345678 · Nejsem plátce DPH',
    'Ceny jsou konečné, nejsem plátcem DPH.',
    'Po odeslání poptávky vám termín na 14 dnů předběžně podržím.',
    'Poptávka je nezávazná – termín blokuji až po vzájemné domluvě.',
    'Do té doby termín neblokuji – rezervaci potvrdím až po domluvě.',
    'Při zrušení později záloha propadá.',
    'v hlavní sezóně nejpozději do 8 týdnů',
    'děkujeme za registraci',
    'Omlouváme se, stránku se nepodařilo zobrazit.',
    'Zadejte e-mail a pošleme Vám odkaz.',
    'Potvrzení e-mailu pro Váš účet',
    'Pro rok 2020 nemáme žádné svatby, zobrazujeme všechny roky.',
    'Fotografie z této svatby připravujeme.',
    'Dobrý den, Jana,',
    'poptávky se anonymizují 3 měsíců po svatbě',
    'komorný obřad v zahradě',
    'staré dřevěné vrata',
    'Večer hrála kapela z Šumperka',
    'Příklady cestovného z města Brno',
    'Fotokniha 30 × 30 cm s 40 stranami',
    'Svatební fotografie, které vypráví váš den',
    'Anna Nováková Fotografie – svatební fotograf',
    'Intimní zářijová svatba',
    'svatba ve Villa Lanna',
    'Přihlášeni jako anna@example.cz.',
    '— Tereza & Jakub',
    'od 14 900 Kč',
    'do 150 km',
    'záloha 30 %',
    'Hrad Pernštejn Nedvědice Vysočina',
  ])('trips on „%s“', (old) => {
    expect(forbiddenIn('sample', old)).not.toEqual([]);
  });

  it('lets the corrected wording through', () => {
    const good = [
      'Odesláním poptávky berete na vědomí zásady ochrany osobních údajů.',
      'Dobrý den,\n\nděkuji za vaši poptávku. Termín vám na 14\u00a0dní podržím, záloha 30\u00a0%.',
      'do 2\u00a0týdnů od svatby; do 3\u00a0měsíců; 3\u00a0měsíce; 1\u00a0den; 14\u00a0900\u00a0Kč; 150\u00a0km',
      'komorní obřad, stará dřevěná vrata, ze Šumperka, z\u00a0Brna, se 40 stranami, které vyprávějí, svatební fotografka',
      'Vaše poptávky', 'Přihlášena jako anna@example.cz.', '– Tereza & Jakub', 'Vila Lanna, ve Vile Lanna',
      'Telefon +420 777 123 456',
    ];
    for (const text of good) expect(forbiddenIn('sample', text)).toEqual([]);
  });

  it('holds quotes of couples to everything but the site’s own voice', () => {
    expect(forbiddenIn('quote', 'Děkujeme za trpělivost!', { quote: true })).toEqual([]);
    expect(forbiddenIn('quote', 'Děkujeme za trpělivost!')).not.toEqual([]);
    expect(forbiddenIn('quote', 've Villa Lanna', { quote: true })).not.toEqual([]);
  });
});
