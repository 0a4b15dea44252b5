'use client';
import { Link } from '@/ui/link';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { czechAccountToIban, isValidIco } from '@/site/public';
import { Field, SaveBar, useSave } from './settings-editor';
import styles from './settings.module.css';

/**
 * The first-run guide (/admin/pruvodce): her details (where inquiries go, IČO, VAT, bank account), her two photos
 * through the studio's photo pipeline, and a test mail. Each step saves through the admin APIs
 * (`PATCH /api/admin/settings`, `POST /api/admin/site-photos`, `POST /api/admin/guide`); the page is then refreshed,
 * so the progress shown is the server's.
 */

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface GuideProgressView {
  identity: boolean;
  heroPhoto: boolean;
  portrait: boolean;
  mailTested: boolean;
  finished: boolean;
  samples: string[];
}

const IDENTITY: { key: string; label: string; type?: string; hint?: string; inputMode?: 'numeric' | 'email' | 'tel' }[] = [
  { key: 'name', label: 'Vaše jméno a příjmení' },
  { key: 'brand', label: 'Značka (název webu)', hint: 'Např. „Jana Dvořáková Fotografie“; je v záhlaví a v titulku stránek.' },
  { key: 'email', label: 'Veřejný e-mail', type: 'email', hint: 'Ukazuje se na kontaktu a v patičce.' },
  { key: 'notifyEmail', label: 'Kam mají chodit nové poptávky', type: 'email' },
  { key: 'phone', label: 'Telefon', type: 'tel' },
  { key: 'street', label: 'Ulice a číslo' },
  { key: 'postalCode', label: 'PSČ' },
  { key: 'city', label: 'Město' },
  { key: 'ico', label: 'IČO', inputMode: 'numeric', hint: '8 číslic; kontroluji i kontrolní číslici.' },
];

export function GuideIdentity({ initial, adminEmail, sampleKeys }: { initial: Json; adminEmail: string; sampleKeys: string[] }) {
  // A detail still showing the shipped sample starts empty (her e-mails start with her admin address).
  const start: Record<string, string> = {};
  for (const f of IDENTITY) start[f.key] = sampleKeys.includes(f.key) ? '' : str(initial[f.key]);
  if (!start.email) start.email = adminEmail;
  if (!start.notifyEmail) start.notifyEmail = adminEmail;
  const [v, setV] = useState(start);
  const [vatPayer, setVatPayer] = useState(Boolean(initial.dic));
  const [dic, setDic] = useState(str(initial.dic));
  const [account, setAccount] = useState(sampleKeys.includes('bankAccount') ? '' : str(initial.bankAccount));
  const [local, setLocal] = useState<Record<string, string>>({});
  const { save, issues, status, errorFor } = useSave('photographer');
  const iban = czechAccountToIban(account);

  function submit(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    for (const f of IDENTITY) if (!v[f.key].trim()) problems[f.key] = 'Vyplňte prosím.';
    if (v.ico.trim() && !isValidIco(v.ico.trim())) problems.ico = 'IČO musí mít 8 číslic a platnou kontrolní číslici (modulo 11).';
    if (!iban) problems.bankAccount = 'Číslo účtu má tvar 123456789/0800 (případně s předčíslím 19-123456789/0800).';
    if (vatPayer && !/^CZ\d{8,10}$/.test(dic.trim())) problems.dic = 'DIČ má tvar CZ a 8–10 číslic.';
    setLocal(problems);
    if (Object.keys(problems).length) {
      document.getElementById(`guide-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    const value: Json = {};
    for (const f of IDENTITY) value[f.key] = v[f.key].trim();
    value.dic = vatPayer ? dic.trim() : null;
    value.bankAccount = account.trim().replace(/\s+/g, '');
    value.iban = iban;
    void save(value);
  }

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="guide-identity-title">
      <h2 id="guide-identity-title">1. Vaše údaje</h2>
      <p>Objeví se v patičce, na kontaktu, v obchodních podmínkách, ve smlouvách a na fakturách.</p>
      <div className={styles.grid}>
        {IDENTITY.map((f) => (
          <Field
            key={f.key}
            id={`guide-${f.key}`}
            label={f.label}
            type={f.type}
            inputMode={f.inputMode}
            required
            value={v[f.key]}
            onChange={(x) => setV({ ...v, [f.key]: x })}
            error={local[f.key] ?? errorFor(`photographer.${f.key}`)}
            hint={f.key === 'notifyEmail' ? `Nevyplníte-li jinou, je to váš e-mail z přihlášení (${adminEmail}).` : f.hint}
          />
        ))}
      </div>
      <fieldset className={styles.list}>
        <legend>DPH</legend>
        <label>
          <input type="radio" name="guide-vat" checked={!vatPayer} onChange={() => setVatPayer(false)} /> Neplátce DPH
        </label>
        <label>
          <input type="radio" name="guide-vat" checked={vatPayer} onChange={() => setVatPayer(true)} /> Plátce DPH
        </label>
        {vatPayer ? <Field id="guide-dic" label="DIČ" value={dic} onChange={setDic} error={local.dic ?? errorFor('photographer.dic')} hint="CZ a 8–10 číslic." /> : null}
      </fieldset>
      <Field
        id="guide-bankAccount"
        label="Číslo účtu pro zálohy"
        value={account}
        onChange={setAccount}
        error={local.bankAccount ?? errorFor('photographer.bankAccount') ?? errorFor('photographer.iban')}
        hint={iban ? `IBAN pro QR platbu: ${iban}` : 'Tvar 123456789/0800; podle něj se páru vytvoří QR platba zálohy.'}
      />
      <SaveBar id="guide-identity" status={status} issues={issues} label="Uložit moje údaje" />
    </form>
  );
}

type Upload = { state: 'idle' } | { state: 'busy'; text: string } | { state: 'done'; photoId: string } | { state: 'error'; text: string };

const UPLOAD_ERROR = 'Nahrání se nepovedlo. Zkuste to prosím znovu.';

async function errorText(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    return body.error?.message ?? UPLOAD_ERROR;
  } catch {
    return UPLOAD_ERROR;
  }
}

/** One of the site's photos: upload → wait for the studio's processing → name it in the settings. */
export function GuidePhoto({ role, title, text, currentPhotoId, altInitial }: { role: 'hero' | 'portrait'; title: string; text: string; currentPhotoId: string | null; altInitial: string }) {
  const router = useRouter();
  const id = useId();
  const [upload, setUpload] = useState<Upload>(currentPhotoId ? { state: 'done', photoId: currentPhotoId } : { state: 'idle' });
  const [alt, setAlt] = useState(altInitial);
  const cancelled = useRef(false);

  async function waitReady(photoId: string): Promise<{ width: number; height: number } | string> {
    for (;;) {
      const res = await fetch(`/api/admin/site-photos/${photoId}`, { cache: 'no-store' });
      if (!res.ok) return errorText(res);
      const p = (await res.json()) as { status: string; width: number | null; height: number | null; error: string | null };
      if (p.status === 'ready' && p.width && p.height) return { width: p.width, height: p.height };
      if (p.status === 'failed') return p.error ?? 'Fotografii se nepodařilo zpracovat.';
      // The studio's queue answers in seconds; ask again shortly.
      await new Promise((r) => setTimeout(r, 700));
      if (cancelled.current) return 'Přerušeno.';
    }
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setUpload({ state: 'busy', text: 'Nahrávám…' });
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await fetch('/api/admin/site-photos', { method: 'POST', body: form });
      if (!res.ok) return setUpload({ state: 'error', text: await errorText(res) });
      const created = (await res.json()) as { id: string };
      setUpload({ state: 'busy', text: 'Zpracovávám fotografii…' });
      const ready = await waitReady(created.id);
      if (typeof ready === 'string') return setUpload({ state: 'error', text: ready });
      const image = { photo: created.id, width: ready.width, height: ready.height };
      const home = role === 'hero' ? { hero: { image, ...(alt.trim() ? { imageAlt: alt.trim() } : {}) } } : { about: { portrait: image, ...(alt.trim() ? { portraitAlt: alt.trim() } : {}) } };
      const saved = await fetch('/api/admin/settings', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ home }) });
      if (!saved.ok) return setUpload({ state: 'error', text: await errorText(saved) });
      setUpload({ state: 'done', photoId: created.id });
      router.refresh();
    } catch {
      setUpload({ state: 'error', text: 'Spojení se serverem selhalo. Zkuste to prosím znovu.' });
    }
  }

  return (
    <div className={styles.list} data-testid={`guide-photo-${role}`}>
      <h3>{title}</h3>
      <p>{text}</p>
      {upload.state === 'done' ? (
        // eslint-disable-next-line @next/next/no-img-element -- an admin preview of a pre-made variant, not a page image
        <img src={`/api/photos/${upload.photoId}/384`} alt={alt || title} width={192} style={{ height: 'auto', maxWidth: '12rem' }} />
      ) : null}
      <Field id={`${id}-alt`} label="Popis fotografie (pro nevidomé a vyhledávače)" value={alt} onChange={setAlt} />
      <div className="field">
        <label htmlFor={`${id}-file`}>{upload.state === 'done' ? 'Vyměnit fotografii' : 'Vybrat fotografii'}</label>
        <input id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/tiff" onChange={(e) => void onFile(e)} aria-describedby={`${id}-state`} />
      </div>
      <p id={`${id}-state`} role={upload.state === 'error' ? 'alert' : 'status'} className={upload.state === 'error' ? styles.errors : styles.status}>
        {upload.state === 'busy' ? upload.text : upload.state === 'error' ? upload.text : upload.state === 'done' ? 'Hotovo: web ukazuje vaši fotografii.' : ''}
      </p>
    </div>
  );
}

type MailResult = { outcome: 'sent' | 'stored'; to: string } | { outcome: 'failed'; to: string; error: string } | { outcome: 'broken'; error: string };

export function GuideMailTest({ smtp, notifyEmail }: { smtp: boolean; notifyEmail: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<MailResult | null>(null);
  async function run() {
    setBusy(true);
    setResult(null);
    try {
      const res = await fetch('/api/admin/guide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'test-mail' }) });
      if (!res.ok) {
        setResult({ outcome: 'broken', error: await errorText(res) });
        return;
      }
      const body = (await res.json()) as { to: string; mail: { outcome: 'sent' | 'stored' | 'failed'; error?: string } };
      setResult(body.mail.outcome === 'failed' ? { outcome: 'failed', to: body.to, error: body.mail.error ?? '' } : { outcome: body.mail.outcome, to: body.to });
      router.refresh();
    } catch {
      setResult({ outcome: 'broken', error: 'Spojení se serverem selhalo. Zkuste to prosím znovu.' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="guide-mail-title" className={styles.form}>
      <h2 id="guide-mail-title">3. Zkušební e-mail</h2>
      {smtp ? (
        <p>Web odesílá e-maily přes nastavený SMTP server. Zkušební e-mail pošlu na adresu pro poptávky: <strong>{notifyEmail}</strong>.</p>
      ) : (
        <div className="notice" data-testid="guide-no-smtp">
          <p>
            <strong>Odesílání e-mailů není nastavené.</strong> Poptávky, odpovědi párům i zkušební e-mail se jen ukládají do
            schránky v administraci (<Link href="/admin/mail">E-maily</Link>) a nikomu neodcházejí – ani vám, ani párům.
          </p>
          <p>
            Odesílání zapnete proměnnými prostředí serveru a jeho restartem: <code>SMTP_URL</code> (např.{' '}
            <code>smtps://uzivatel:heslo@smtp.vas-poskytovatel.cz:465</code>) a <code>MAIL_FROM</code> (odesílatel, např.{' '}
            <code>Jana Dvořáková &lt;jana@vasedomena.cz&gt;</code>).
          </p>
        </div>
      )}
      <div className={styles.saveBar}>
        <button type="button" className="btn btn-primary" onClick={() => void run()} aria-disabled={busy}>
          {busy ? 'Odesílám…' : 'Poslat zkušební e-mail'}
        </button>
        <div role="status" className={styles.status} data-testid="guide-mail-result">
          {result?.outcome === 'sent' ? <p className="notice notice-ok">Zkušební e-mail odešel na {result.to}. Podívejte se prosím do schránky (i do nevyžádané pošty).</p> : null}
          {result?.outcome === 'stored' ? (
            <p className="notice">
              Zkušební e-mail pro {result.to} je uložený ve schránce <Link href="/admin/mail">E-maily</Link>; nikam neodešel, protože SMTP není nastavené.
            </p>
          ) : null}
        </div>
        {result?.outcome === 'failed' || result?.outcome === 'broken' ? (
          <p role="alert" className={`notice notice-error ${styles.errors}`} data-testid="guide-mail-error">
            {result.outcome === 'failed' ? `Zkušební e-mail na ${result.to} neodešel. ${result.error}` : result.error}
          </p>
        ) : null}
      </div>
    </section>
  );
}

export function GuideFinish({ done }: { done: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function finish() {
    setBusy(true);
    setError('');
    try {
      const res = await fetch('/api/admin/guide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'finish' }) });
      if (!res.ok) {
        setError(await errorText(res));
        return;
      }
      router.push('/admin');
      router.refresh();
    } catch {
      setError('Spojení se serverem selhalo. Zkuste to prosím znovu.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.saveBar}>
      <p>{done ? 'Všechno je hotové.' : 'Chybějící kroky můžete doplnit později: odkaz „Dokončit nastavení webu“ zůstane na přehledu, dokud průvodce nedokončíte.'}</p>
      <button type="button" className="btn btn-primary" onClick={() => void finish()} aria-disabled={busy}>
        {done ? 'Dokončit průvodce' : 'Dokončit průvodce i tak'}
      </button>
      {error ? (
        <p role="alert" className={styles.errors}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
