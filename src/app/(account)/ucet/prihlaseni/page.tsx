import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { redirect } from 'next/navigation';
import { signInAction } from '@/accounts/actions/account';
import { getCurrentUser } from '@/accounts/guards.server';
import { safeNextPath } from '@/accounts/next-path';
import { providerSignIn } from '@/accounts/providers';
import { SignInForm } from '@/accounts/ui/sign-in-form';
import type { SearchParams } from '@/platform/search-params';

export const metadata: Metadata = { title: 'Přihlášení', robots: { index: false } };


const NOTICES: Record<string, { text: string; kind: 'ok' | 'error' }> = {
  potvrzeno: { text: 'Děkuji, váš e-mail je potvrzený. Nyní se můžete přihlásit.', kind: 'ok' },
  odhlaseno: { text: 'Byli jste odhlášeni.', kind: 'ok' },
  zrusen: { text: 'Váš účet je zrušený a smazaný. Děkuji, že jste ho používali.', kind: 'ok' },
  zmeneno: { text: 'Heslo bylo změněno. Přihlaste se prosím novým heslem.', kind: 'ok' },
  poskytovatel: { text: 'Přihlášení přes externí službu se nepodařilo. Zkuste to prosím znovu, nebo se přihlaste e-mailem a heslem.', kind: 'error' },
};

function noticeFor(sp: SearchParams) {
  if (sp.potvrzeno === '1') return NOTICES.potvrzeno;
  if (sp.odhlaseno === '1') return NOTICES.odhlaseno;
  if (sp.ucet === 'zrusen') return NOTICES.zrusen;
  if (sp.heslo === 'zmeneno') return NOTICES.zmeneno;
  if (sp.chyba === 'poskytovatel') return NOTICES.poskytovatel;
  return null;
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const next = safeNextPath(typeof sp.next === 'string' ? sp.next : null, '/ucet');
  if (await getCurrentUser()) redirect(next);
  const notice = noticeFor(sp);
  const provider = providerSignIn();
  return (
    <section className="container-narrow section" aria-labelledby="signin-title">
      <p className="eyebrow">Můj účet</p>
      <h1 id="signin-title">Přihlášení</h1>
      <p className="lead">Po přihlášení uvidíte stav svých poptávek a rezervací.</p>
      {notice ? (
        <p className={`notice ${notice.kind === 'ok' ? 'notice-ok' : 'notice-error'}`} role={notice.kind === 'ok' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <SignInForm action={signInAction} next={next} />
      {provider ? (
        <p style={{ marginTop: '1.5rem' }}>
          <a className="btn" href={provider.href}>
            Přihlásit se přes {provider.label}
          </a>
        </p>
      ) : null}
      <ul style={{ marginTop: '2rem', paddingLeft: '1.2rem' }}>
        <li>
          <Link href="/ucet/zapomenute-heslo">Zapomněli jste heslo?</Link>
        </li>
        <li>
          Ještě nemáte účet? <Link href="/ucet/registrace">Zaregistrujte se</Link>
        </li>
        <li>
          Nepřišel vám potvrzovací e-mail? <Link href="/ucet/potvrzeni">Pošlu nový</Link>
        </li>
      </ul>
    </section>
  );
}
