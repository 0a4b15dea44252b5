import { formatCzechDate } from '@/platform/dates';
import { formatKc } from './money';
import type { ContractSnapshot } from './snapshot';

type Draft = Omit<ContractSnapshot, 'sections' | 'title'>;

/**
 * The contract's text in Czech, built once from the snapshot's facts when the contract is sent (and then stored with
 * it). Civil-code references: a contract for work (§ 2586 OZ); the couple are consumers, the terms are confirmed to
 * them in text form by the signed PDF mailed after acceptance (§ 1824 OZ).
 */
export function contractText(d: Draft): Pick<ContractSnapshot, 'title' | 'sections'> {
  const s = d.supplier;
  const place = [d.wedding.venue, d.wedding.town].filter(Boolean).join(', ') || 'místo upřesníme společně';
  const deposit = `${formatKc(d.deposit.amount)} (${d.deposit.percent} % ceny)`;
  const storno = d.storno.map((t) => `${t.label}: ${t.percent} % ceny`).join('; ');
  const terms = d.terms as { deliveryWeeks?: number; previewDays?: number; galleryMonths?: number; archiveYears?: number };
  return {
    title: 'Smlouva o dílo – svatební fotografování a rezervace termínu',
    sections: [
      {
        title: '1. Smluvní strany',
        paragraphs: [
          `Zhotovitel: ${s.name} (${s.brand}), ${s.street}, ${s.postalCode} ${s.city}, IČO ${s.ico}, ${s.vatLabel}, e-mail ${s.email}, telefon ${s.phone}.`,
          `Objednatel: ${d.customer.names.join(' a ')}, e-mail ${d.customer.email}${d.customer.phone ? `, telefon ${d.customer.phone}` : ''}.`,
        ],
      },
      {
        title: '2. Předmět smlouvy',
        paragraphs: [
          `Zhotovitel nafotí svatbu objednatele dne ${formatCzechDate(d.wedding.date)}${d.wedding.ceremonyTime ? ` (obřad v ${d.wedding.ceremonyTime})` : ''}, místo: ${place}, a předá upravené fotografie v rozsahu sjednaných položek. Číslo rezervace: ${d.reference}.`,
          ...d.items.map((i) => `${i.label}: ${formatKc(i.amount)}`),
        ],
      },
      {
        title: '3. Cena a platby',
        paragraphs: [
          `Cena díla činí ${formatKc(d.price)}. Zhotovitel ${s.vatLabel === 'Neplátce DPH' ? 'není plátcem DPH' : `je plátcem DPH (${s.vatLabel})`}.`,
          `Záloha ${deposit} je splatná do ${d.deposit.dueDays} dnů od přijetí smlouvy na účet ${s.bankAccount} (IBAN ${s.iban}) s variabilním symbolem ${d.deposit.variableSymbol}. Po přijetí platby zhotovitel vystaví doklad o přijaté platbě.`,
          `Doplatek (cena díla po odečtení zálohy) je splatný do ${d.balanceDueDaysAfterWedding} dnů po svatbě na základě faktury.`,
        ],
      },
      {
        title: '4. Rezervace termínu',
        paragraphs: [
          'Termín je pro objednatele závazně rezervován, jakmile je tato smlouva přijata a záloha připsána na účet zhotovitele. Není-li záloha uhrazena do dne splatnosti, rezervace termínu zaniká a termín se uvolní; zhotovitel o tom objednatele informuje e-mailem.',
        ],
      },
      {
        title: '5. Předání díla',
        paragraphs: [
          `Ukázku fotografií zhotovitel pošle do ${terms.previewDays ?? 7} dnů a kompletní galerii předá do ${terms.deliveryWeeks ?? 6} týdnů od svatby. Galerie je online dostupná ${terms.galleryMonths ?? 12} měsíců, zálohu fotografií zhotovitel uchovává ${terms.archiveYears ?? 3} roky.`,
        ],
      },
      {
        title: '6. Zrušení objednatelem (storno)',
        paragraphs: [`Zruší-li objednatel svatební fotografování, náleží zhotoviteli odstupné z ceny díla podle doby před svatbou: ${storno}. Zaplacená záloha se na odstupné započítá; přeplatek zhotovitel vrátí do 14 dnů.`],
      },
      {
        title: '7. Závěrečná ustanovení',
        paragraphs: [
          'Smlouva se řídí občanským zákoníkem (zejména § 2586 a násl.) a obchodními podmínkami zhotovitele ve znění ke dni odeslání této smlouvy, které jsou její součástí. Smlouva je uzavřena elektronicky přijetím objednatelem; podepsané PDF obdrží obě strany e-mailem.',
          `Verze obchodních podmínek (SHA-256): ${d.termsSha256}.`,
          ...(d.note ? [`Poznámka zhotovitele: ${d.note}`] : []),
        ],
      },
    ],
  };
}
