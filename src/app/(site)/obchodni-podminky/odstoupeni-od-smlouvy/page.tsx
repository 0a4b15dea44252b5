import type { Metadata } from 'next';
import { getSiteInfo } from '@/site/public.server';
import { withdrawalForm } from '@/content/withdrawal-form';
import { WithdrawalFormView } from '@/content/ui/pages/withdrawal-form-view';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Formulář pro odstoupení od smlouvy',
    description: 'Vzorový formulář pro odstoupení od smlouvy o svatebním focení, fotoknize nebo dárkovém poukazu – k vytištění nebo ke stažení, s vyplněným adresátem.',
    path: '/obchodni-podminky/odstoupeni-od-smlouvy',
  });
}

/** The model withdrawal form (nařízení vlády č. 363/2013 Sb.), linked from the terms and the couple's e-mails. */
export default function WithdrawalFormPage() {
  return <WithdrawalFormView form={withdrawalForm(getSiteInfo().photographer)} downloadHref="/obchodni-podminky/odstoupeni-od-smlouvy/formular.txt" />;
}
