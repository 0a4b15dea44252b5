import type { SiteInfo } from '@/site/public.server';

/**
 * The model withdrawal form of nařízení vlády č. 363/2013 Sb. (příloha), with the photographer filled in as the
 * addressee, as § 1820 odst. 1 písm. g) OZ asks. One source for the page and its download, so they cannot differ.
 */
export interface WithdrawalForm {
  title: string;
  note: string;
  heading: string;
  addressee: string;
  /** Lines the consumer completes; `(*)` marks the alternatives to strike out. */
  fields: string[];
  footnote: string;
}

export function withdrawalForm(p: SiteInfo['photographer']): WithdrawalForm {
  return {
    title: 'Vzorový formulář pro odstoupení od smlouvy',
    note: '(vyplňte tento formulář a pošlete jej zpět pouze v případě, že chcete odstoupit od smlouvy)',
    heading: 'Oznámení o odstoupení od smlouvy',
    addressee: `Adresát: ${p.name}, ${p.street}, ${p.postalCode} ${p.city}, IČO ${p.ico}, e-mail ${p.email}`,
    fields: [
      'Oznamuji/oznamujeme (*), že tímto odstupuji/odstupujeme (*) od smlouvy o nákupu tohoto zboží (*)/o poskytnutí těchto služeb (*):',
      'Datum objednání (*)/datum obdržení (*):',
      'Jméno a příjmení spotřebitele/spotřebitelů:',
      'Adresa spotřebitele/spotřebitelů:',
      'Podpis spotřebitele/spotřebitelů (pouze pokud je tento formulář zasílán v listinné podobě):',
      'Datum:',
    ],
    footnote: '(*) Nehodící se škrtněte nebo údaje doplňte.',
  };
}

/** The same form as plain text (UTF-8, CRLF line ends so every editor and printer shows it alike). */
export function withdrawalFormText(form: WithdrawalForm): string {
  const blank = '_'.repeat(60);
  const lines = [form.title, form.note, '', form.heading, '', form.addressee, '', ...form.fields.flatMap((f) => [f, blank, '']), form.footnote, ''];
  return lines.join('\r\n');
}
