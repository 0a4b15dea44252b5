import { Link } from '@/ui/link';
import type { TermsVersion, TermsVersionPage } from '@/content/terms-versions.server';
import { formatCzechDate } from '@/platform/dates';
import { MarkdownBody } from './markdown-body';
import { PageHeader } from './page-header';

/** One stored version of the terms, rendered from its own snapshot (never from the live files). */
export function TermsVersionView({ version }: { version: TermsVersionPage }) {
  const { snapshot } = version;
  return (
    <>
      <PageHeader narrow eyebrow="Obchodní podmínky – archivní znění" heading={snapshot.heading} lead={snapshot.lead}>
        <p className="muted">
          Znění platné od {formatCzechDate(version.effectiveOn)}
          {version.supersededBy ? (
            <>
              {' '}
              do doby, kdy ho nahradilo <Link href={`/obchodni-podminky/verze/${version.supersededBy}`}>novější znění</Link>.
            </>
          ) : (
            <> – toto znění platí dosud.</>
          )}{' '}
          <Link href="/obchodni-podminky/verze">Všechna znění</Link>
        </p>
      </PageHeader>
      <article className="container-narrow" aria-label={`${snapshot.heading}, znění od ${formatCzechDate(version.effectiveOn)}`}>
        <MarkdownBody html={version.html} />
      </article>
    </>
  );
}

/** Every version, newest first, each with its own address. */
export function TermsVersionList({ versions }: { versions: TermsVersion[] }) {
  return (
    <>
      <PageHeader
        narrow
        eyebrow="Obchodní podmínky"
        heading="Všechna znění obchodních podmínek"
        lead="Každé znění obchodních podmínek uchovávám beze změny a s datem, od kterého platí. Pro vaši smlouvu platí znění ze dne, kdy jste poslali poptávku nebo uzavřeli smlouvu."
      />
      <div className="container-narrow">
        {versions.length === 0 ? (
          <p>
            Zatím není uložené žádné znění. Aktuální podmínky najdete na stránce <Link href="/obchodni-podminky">Obchodní podmínky</Link>.
          </p>
        ) : (
          <ul>
            {versions.map((v, i) => (
              <li key={v.id}>
                <Link href={`/obchodni-podminky/verze/${v.slug}`}>Znění platné od {formatCzechDate(v.effectiveOn)}</Link>
                {i === 0 ? ' (platí dosud)' : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
