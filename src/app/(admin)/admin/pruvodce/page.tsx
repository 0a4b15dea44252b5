import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { inquiryNotifyAddress, requireAdmin } from '@/accounts/public.server';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { effectiveSettings, getHomeContent, guideProgress, sampleKeysLive } from '@/site/public.server';
import { GuideFinish, GuideIdentity, GuideMailTest, GuidePhoto } from '@/ui/admin-settings/site-guide';
import styles from '@/bookings/ui/admin.module.css';

export const metadata: Metadata = { title: 'Administrace – průvodce nastavením webu' };

/**
 * The first-run guide: right after the admin account is created (the setup page sends her here) and from the
 * dashboard until she finishes it. Her details, her two photos, a test mail.
 */
export default async function SiteGuidePage() {
  const admin = await requireAdmin();
  const db = await getDb();
  const progress = await guideProgress(db);
  const doc = effectiveSettings();
  const home = getHomeContent();
  const notify = await inquiryNotifyAddress(db);
  const smtp = Boolean(getEnv().SMTP_URL);
  const steps = [
    { label: 'Vaše údaje', done: progress.identity },
    { label: 'Úvodní fotografie a portrét', done: progress.heroPhoto && progress.portrait },
    { label: 'Zkušební e-mail', done: progress.mailTested },
  ];
  const done = steps.filter((s) => s.done).length;
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Průvodce nastavením webu</h1>
      <p className="lead">
        Web zatím ukazuje ukázkovou fotografku. Ve třech krocích z něj udělám váš: vaše údaje, vaše fotografie a ověření, že vám
        poptávky opravdu dojdou. Všechno můžete později změnit v <Link href="/admin/nastaveni">Nastavení</Link> a{' '}
        <Link href="/admin/obsah">Obsahu webu</Link>.
      </p>
      <p data-testid="guide-progress">
        Hotovo {done} ze {steps.length} kroků.
      </p>
      <ol aria-label="Kroky průvodce">
        {steps.map((s) => (
          <li key={s.label}>
            {s.label}: <strong>{s.done ? 'hotovo' : 'zbývá'}</strong>
          </li>
        ))}
      </ol>
      {progress.samples.length ? (
        <p className="notice">Web ještě ukazuje ukázkové údaje: {progress.samples.join(', ')}.</p>
      ) : null}
      <GuideIdentity initial={doc.photographer} adminEmail={admin.email} sampleKeys={sampleKeysLive()} />
      <section aria-labelledby="guide-photos-title">
        <h2 id="guide-photos-title">2. Vaše fotografie</h2>
        <p>Nahrajte velkou fotografii na úvod stránky a svůj portrét pro část „O mně“. Zpracují se stejně jako fotografie svateb.</p>
        <GuidePhoto
          role="hero"
          title="Úvodní fotografie"
          text="Přes celou šířku úvodní stránky; nejlépe na šířku, aspoň 1920 px."
          currentPhotoId={'photo' in home.hero.image ? home.hero.image.photo : null}
          altInitial={progress.heroPhoto ? home.hero.imageAlt : ''}
        />
        <GuidePhoto
          role="portrait"
          title="Váš portrét"
          text="Na úvodní stránce u „O mně“ a na stránce O mně; nejlépe na výšku."
          currentPhotoId={'photo' in home.about.portrait ? home.about.portrait.photo : null}
          altInitial={progress.portrait ? home.about.portraitAlt : ''}
        />
      </section>
      <GuideMailTest smtp={smtp} notifyEmail={notify.email} />
      <GuideFinish done={done === steps.length} />
    </div>
  );
}
