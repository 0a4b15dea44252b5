import { Link } from '@/ui/link';
import type { WithdrawalForm } from '@/content/withdrawal-form';
import { PageHeader } from './page-header';
import { PrintButton } from './print-button';
import styles from './pages.module.css';

/** The model withdrawal form as a page: printable (print styles keep only the form) and downloadable as text. */
export function WithdrawalFormView({ form, downloadHref }: { form: WithdrawalForm; downloadHref: string }) {
  return (
    <>
      <div className={styles.noPrint}>
        <PageHeader
          narrow
          eyebrow="Obchodní podmínky"
          heading={form.title}
          lead="Od smlouvy uzavřené na dálku nebo mimo mou provozovnu můžete odstoupit bez udání důvodu. Tento formulář použít můžete, ale nemusíte – stačí jakékoli jednoznačné prohlášení, třeba e-mail."
        >
          <p className={styles.formActions}>
            <PrintButton label="Vytisknout formulář" />{' '}
            <a className="btn" href={downloadHref} download>
              Stáhnout formulář (text)
            </a>
          </p>
          <p>
            Lhůty a postup popisují <Link href="/obchodni-podminky#odstoupeni">obchodní podmínky</Link>.
          </p>
        </PageHeader>
      </div>
      <article className={`container-narrow ${styles.withdrawalForm}`} aria-labelledby="formular-nadpis">
        <h2 id="formular-nadpis">{form.title}</h2>
        <p>{form.note}</p>
        <h3>{form.heading}</h3>
        <p>{form.addressee}</p>
        <ol className={styles.formFields}>
          {form.fields.map((f) => (
            <li key={f}>
              <span>{f}</span>
              <span className={styles.formBlank} aria-hidden="true" />
            </li>
          ))}
        </ol>
        <p>{form.footnote}</p>
      </article>
    </>
  );
}
