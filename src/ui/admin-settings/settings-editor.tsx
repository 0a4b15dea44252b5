'use client';
import { Link } from '@/ui/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { isValidIco } from '@/site/public';
import styles from './settings.module.css';

/**
 * The photographer's settings forms (/admin/nastaveni, /admin/obsah). Each form sends its part of the settings to
 * `PATCH /api/admin/settings`; the server validates the whole site with it and answers the Czech message naming
 * each bad field, shown next to the form (and the field). What she saves shows on the public pages at once.
 */

type Json = Record<string, unknown>;
export type SettingsDoc = { photographer: Json; pricing: Json; faq: Json; testimonials: Json; terms: Json; home: Json };
type Issue = { field: string; message: string };

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function useSave(section: keyof SettingsDoc) {
  const router = useRouter();
  const [issues, setIssues] = useState<Issue[]>([]);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  async function save(value: unknown): Promise<SettingsDoc | null> {
    setStatus('saving');
    setIssues([]);
    try {
      const res = await fetch('/api/admin/settings', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ [section]: value }),
      });
      const body = (await res.json()) as SettingsDoc | { error?: { message?: string; details?: { errors?: Issue[] } } };
      if (!res.ok) {
        const err = 'error' in body ? body.error : undefined;
        setIssues(err?.details?.errors ?? [{ field: section, message: err?.message ?? 'Uložení se nepovedlo.' }]);
        setStatus('failed');
        return null;
      }
      setStatus('saved');
      router.refresh();
      return body as SettingsDoc;
    } catch {
      setIssues([{ field: section, message: 'Spojení se serverem selhalo. Zkuste to prosím znovu.' }]);
      setStatus('failed');
      return null;
    }
  }
  const errorFor = (field: string) => issues.find((i) => i.field === field)?.message;
  return { save, issues, status, errorFor };
}

export function SaveBar({ id, status, issues, label = 'Uložit' }: { id: string; status: string; issues: Issue[]; label?: string }) {
  return (
    <div className={styles.saveBar}>
      <button type="submit" className="btn btn-primary" aria-disabled={status === 'saving'}>
        {status === 'saving' ? 'Ukládám…' : label}
      </button>
      <p role="status" id={`${id}-status`} className={styles.status}>
        {status === 'saved' ? 'Uloženo. Web už ukazuje nové údaje.' : ''}
      </p>
      {issues.length ? (
        <div role="alert" className={styles.errors}>
          <p>Neuloženo – opravte prosím:</p>
          <ul>
            {issues.map((i) => (
              <li key={`${i.field}:${i.message}`}>
                <code>{i.field}</code>: {i.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function Field({ id, label, value, onChange, error, hint, type = 'text', ...rest }: { id: string; label: ReactNode; value: string; onChange: (v: string) => void; error?: string; hint?: string; type?: string; required?: boolean; min?: number; max?: number; inputMode?: 'numeric' | 'email' | 'tel' }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
      {hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Area({ id, label, value, onChange, error, hint }: { id: string; label: ReactNode; value: string; onChange: (v: string) => void; error?: string; hint?: string }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described} rows={4} />
      {hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const IDENTITY_FIELDS: { key: string; label: string; type?: string; hint?: string }[] = [
  { key: 'name', label: 'Jméno a příjmení' },
  { key: 'brand', label: 'Značka (název webu)' },
  { key: 'tagline', label: 'Podtitul' },
  { key: 'email', label: 'Veřejný e-mail', type: 'email' },
  { key: 'notifyEmail', label: 'Kam posílat nové poptávky', type: 'email', hint: 'Prázdné: na e-mail administrátora.' },
  { key: 'phone', label: 'Telefon', type: 'tel' },
  { key: 'street', label: 'Ulice a číslo' },
  { key: 'postalCode', label: 'PSČ' },
  { key: 'city', label: 'Město' },
  { key: 'region', label: 'Kraj' },
  { key: 'ico', label: 'IČO', hint: '8 číslic s kontrolní číslicí.' },
  { key: 'dic', label: 'DIČ', hint: 'Jen plátce DPH (CZ a 8–10 číslic); neplátce nechá prázdné.' },
  { key: 'tradeLicenceOffice', label: 'Živnostenský úřad' },
  { key: 'bankAccount', label: 'Číslo účtu', hint: 'Tvar 123456789/0800 (případně s předčíslím); pro zálohy a faktury.' },
  { key: 'iban', label: 'IBAN', hint: 'Týž účet jako IBAN (CZ…); QR platba ho potřebuje.' },
  { key: 'invoicePrefix', label: 'Předpona čísel faktur', hint: 'Nepovinná, nejvýše 10 znaků.' },
];

export function IdentityForm({ initial, notifyDefault }: { initial: Json; notifyDefault: string }) {
  const [p, setP] = useState<Json>(initial);
  const [social, setSocial] = useState<{ label: string; url: string }[]>(Array.isArray(initial.social) ? (initial.social as { label: string; url: string }[]) : []);
  const { save, issues, status, errorFor } = useSave('photographer');
  const [icoHint, setIcoHint] = useState<string | undefined>();
  function submit(e: FormEvent) {
    e.preventDefault();
    const ico = str(p.ico).trim();
    if (!isValidIco(ico)) {
      setIcoHint('IČO musí mít 8 číslic a platnou kontrolní číslici (modulo 11).');
      return;
    }
    setIcoHint(undefined);
    const value: Json = {};
    for (const f of IDENTITY_FIELDS) value[f.key] = str(p[f.key]).trim();
    value.dic = str(p.dic).trim() || null;
    value.notifyEmail = str(p.notifyEmail).trim() || null;
    value.social = social.filter((s) => s.label.trim() || s.url.trim());
    void save(value);
  }
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="identity-title">
      <h2 id="identity-title">Kdo jsem a kde mě najdou</h2>
      <div className={styles.grid}>
        {IDENTITY_FIELDS.map((f) => (
          <Field
            key={f.key}
            id={`photographer-${f.key}`}
            label={f.label}
            type={f.type}
            value={str(p[f.key])}
            onChange={(v) => setP({ ...p, [f.key]: v })}
            error={f.key === 'ico' ? (icoHint ?? errorFor('photographer.ico')) : errorFor(`photographer.${f.key}`)}
            hint={f.key === 'notifyEmail' ? `Prázdné: ${notifyDefault}.` : f.hint}
          />
        ))}
      </div>
      <fieldset className={styles.list}>
        <legend>Sociální sítě</legend>
        {social.map((s, i) => (
          <div key={i} className={styles.row}>
            <Field id={`social-${i}-label`} label="Název" value={s.label} onChange={(v) => setSocial(social.map((x, j) => (j === i ? { ...x, label: v } : x)))} error={errorFor(`photographer.social.${i}.label`)} />
            <Field id={`social-${i}-url`} label="Adresa (https://…)" type="url" value={s.url} onChange={(v) => setSocial(social.map((x, j) => (j === i ? { ...x, url: v } : x)))} error={errorFor(`photographer.social.${i}.url`)} />
            <button type="button" className="btn btn-small" onClick={() => setSocial(social.filter((_, j) => j !== i))}>
              Odebrat {s.label || 'odkaz'}
            </button>
          </div>
        ))}
        <button type="button" className="btn btn-small" onClick={() => setSocial([...social, { label: '', url: '' }])}>
          Přidat odkaz
        </button>
      </fieldset>
      <SaveBar id="identity" status={status} issues={issues} />
    </form>
  );
}

const TERM_FIELDS: { key: string; label: string }[] = [
  { key: 'holdDays', label: 'Podržení termínu (dní)' },
  { key: 'depositPercent', label: 'Záloha (% z ceny balíčku)' },
  { key: 'depositDueDays', label: 'Splatnost zálohy (dní)' },
  { key: 'balanceDueDaysAfterWedding', label: 'Doplatek po svatbě (dní)' },
  { key: 'previewDays', label: 'Ukázka fotek do (dní)' },
  { key: 'deliveryWeeks', label: 'Dodání fotek (týdnů)' },
  { key: 'expressDeliveryDays', label: 'Expresní dodání (dní)' },
  { key: 'galleryMonths', label: 'Online galerie (měsíců)' },
];

export function TermsForm({ initial }: { initial: Json }) {
  const [t, setT] = useState<Json>(initial);
  const [storno, setStorno] = useState<{ minDaysBefore: number; percent: number }[]>(Array.isArray(initial.storno) ? (initial.storno as { minDaysBefore: number; percent: number }[]) : []);
  const { save, issues, status, errorFor } = useSave('terms');
  const num = (v: unknown) => (str(v).trim() === '' ? NaN : Number(v));
  function submit(e: FormEvent) {
    e.preventDefault();
    const value: Json = {};
    for (const f of TERM_FIELDS) value[f.key] = num(t[f.key]);
    value.storno = storno;
    void save(value);
  }
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="terms-title">
      <h2 id="terms-title">Rezervace a obchodní podmínky</h2>
      <p className="hint">Změna vytvoří novou verzi podmínek; páry, které už rezervovaly, zůstávají u té své.</p>
      <div className={styles.grid}>
        {TERM_FIELDS.map((f) => (
          <Field key={f.key} id={`terms-${f.key}`} label={f.label} type="number" inputMode="numeric" value={str(t[f.key])} onChange={(v) => setT({ ...t, [f.key]: v })} error={errorFor(`terms.${f.key}`)} />
        ))}
      </div>
      <fieldset className={styles.list}>
        <legend>Storno poplatky</legend>
        {storno.map((s, i) => (
          <div key={i} className={styles.row}>
            <Field id={`storno-${i}-days`} label="Od kolika dní před svatbou" type="number" value={String(s.minDaysBefore)} onChange={(v) => setStorno(storno.map((x, j) => (j === i ? { ...x, minDaysBefore: Number(v) } : x)))} error={errorFor(`terms.storno.${i}.minDaysBefore`)} />
            <Field id={`storno-${i}-percent`} label="Poplatek (%)" type="number" value={String(s.percent)} onChange={(v) => setStorno(storno.map((x, j) => (j === i ? { ...x, percent: Number(v) } : x)))} error={errorFor(`terms.storno.${i}.percent`)} />
          </div>
        ))}
      </fieldset>
      <SaveBar id="terms" status={status} issues={issues} />
    </form>
  );
}

type Pkg = Json & { id: string; name: string; price: number; includes: string[] };

export function PricingForm({ initial }: { initial: Json }) {
  const [packages, setPackages] = useState<Pkg[]>(Array.isArray(initial.packages) ? (initial.packages as Pkg[]) : []);
  const { save, issues, status, errorFor } = useSave('pricing');
  const set = (i: number, patch: Partial<Pkg>) => setPackages(packages.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  function submit(e: FormEvent) {
    e.preventDefault();
    void save({ packages: packages.map((p) => ({ ...p, price: Number(p.price), includes: p.includes.map((l) => l.trim()).filter(Boolean) })) });
  }
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="pricing-title">
      <h2 id="pricing-title">Ceník – balíčky</h2>
      {packages.map((p, i) => (
        <fieldset key={p.id} className={styles.list}>
          <legend>{p.name || p.id}</legend>
          <div className={styles.grid}>
            <Field id={`pkg-${i}-name`} label="Název" value={p.name} onChange={(v) => set(i, { name: v })} error={errorFor(`pricing.packages.${i}.name`)} />
            <Field id={`pkg-${i}-price`} label="Cena (Kč)" type="number" inputMode="numeric" value={String(p.price)} onChange={(v) => set(i, { price: Number(v) })} error={errorFor(`pricing.packages.${i}.price`)} />
            <Field id={`pkg-${i}-tagline`} label="Krátký popis" value={str(p.tagline)} onChange={(v) => set(i, { tagline: v })} error={errorFor(`pricing.packages.${i}.tagline`)} />
            <Field id={`pkg-${i}-delivery`} label="Dodání (týdnů)" type="number" value={str(p.deliveryWeeks)} onChange={(v) => set(i, { deliveryWeeks: Number(v) })} error={errorFor(`pricing.packages.${i}.deliveryWeeks`)} />
          </div>
          <Area id={`pkg-${i}-includes`} label="Co balíček obsahuje (co řádek, to položka)" value={p.includes.join('\n')} onChange={(v) => set(i, { includes: v.split('\n') })} error={errorFor(`pricing.packages.${i}.includes`)} />
        </fieldset>
      ))}
      <SaveBar id="pricing" status={status} issues={issues} />
    </form>
  );
}

type Question = { id: string; question: string; answer: string[] };
type Group = { id: string; title: string; questions: Question[] };

/** An ASCII kebab-case id from a Czech question ("Fotíte i psy?" → "fotite-i-psy"), unique among `taken`. */
function slugFrom(text: string, taken: Set<string>): string {
  const base =
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'otazka';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

export function FaqForm({ initial }: { initial: Json }) {
  const [groups, setGroups] = useState<Group[]>(Array.isArray(initial.groups) ? (initial.groups as Group[]) : []);
  const { save, issues, status, errorFor } = useSave('faq');
  const setQ = (g: number, q: number, patch: Partial<Question>) =>
    setGroups(groups.map((gr, i) => (i === g ? { ...gr, questions: gr.questions.map((x, j) => (j === q ? { ...x, ...patch } : x)) } : gr)));
  const move = (g: number, q: number, d: -1 | 1) =>
    setGroups(
      groups.map((gr, i) => {
        if (i !== g) return gr;
        const qs = [...gr.questions];
        const [it] = qs.splice(q, 1);
        qs.splice(q + d, 0, it);
        return { ...gr, questions: qs };
      }),
    );
  function add(g: number) {
    const taken = new Set(groups.flatMap((gr) => [gr.id, ...gr.questions.map((q) => q.id)]));
    setGroups(groups.map((gr, i) => (i === g ? { ...gr, questions: [...gr.questions, { id: slugFrom(`nova-otazka`, taken), question: '', answer: [''] }] } : gr)));
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const taken = new Set<string>(groups.map((g) => g.id));
    const out = groups.map((gr) => ({
      ...gr,
      questions: gr.questions.map((q) => {
        // A new question gets its anchor from its wording.
        const id = q.id.startsWith('nova-otazka') && q.question.trim() ? slugFrom(q.question, taken) : q.id;
        taken.add(id);
        return { ...q, id, answer: q.answer.map((a) => a.trim()).filter(Boolean) };
      }),
    }));
    void save({ groups: out }).then((doc) => {
      if (doc && Array.isArray(doc.faq.groups)) setGroups(doc.faq.groups as Group[]);
    });
  }
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="faq-title">
      <h2 id="faq-title">Časté dotazy</h2>
      {groups.map((gr, g) => (
        <fieldset key={gr.id} className={styles.list}>
          <legend>{gr.title}</legend>
          {gr.questions.map((q, i) => (
            <div key={`${q.id}-${i}`} className={styles.item}>
              <Field id={`faq-${g}-${i}-q`} label={`Otázka ${i + 1}`} value={q.question} onChange={(v) => setQ(g, i, { question: v })} error={errorFor(`faq.groups.${g}.questions.${i}.question`)} />
              <Area id={`faq-${g}-${i}-a`} label="Odpověď (odstavce oddělte prázdným řádkem)" value={q.answer.join('\n\n')} onChange={(v) => setQ(g, i, { answer: v.split(/\n\s*\n/) })} error={errorFor(`faq.groups.${g}.questions.${i}.answer`) ?? errorFor(`faq.groups.${g}.questions.${i}.answer.0`)} />
              <div className={styles.actions}>
                <button type="button" className="btn btn-small" disabled={i === 0} onClick={() => move(g, i, -1)}>
                  Posunout výš<span className="visually-hidden">: {q.question}</span>
                </button>
                <button type="button" className="btn btn-small" disabled={i === gr.questions.length - 1} onClick={() => move(g, i, 1)}>
                  Posunout níž<span className="visually-hidden">: {q.question}</span>
                </button>
                <button type="button" className="btn btn-small" onClick={() => setGroups(groups.map((x, j) => (j === g ? { ...x, questions: x.questions.filter((_, k) => k !== i) } : x)))}>
                  Smazat<span className="visually-hidden"> otázku: {q.question}</span>
                </button>
              </div>
            </div>
          ))}
          <button type="button" className="btn btn-small" onClick={() => add(g)}>
            Přidat otázku do „{gr.title}“
          </button>
        </fieldset>
      ))}
      <SaveBar id="faq" status={status} issues={issues} />
    </form>
  );
}

type Testimonial = { couple: string; quote: string; weddingSlug?: string; location?: string };

export function TestimonialsForm({ initial, weddings }: { initial: Json; weddings: { slug: string; couple: string }[] }) {
  const [list, setList] = useState<Testimonial[]>(Array.isArray(initial.testimonials) ? (initial.testimonials as Testimonial[]) : []);
  const { save, issues, status, errorFor } = useSave('testimonials');
  const set = (i: number, patch: Partial<Testimonial>) => setList(list.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  function submit(e: FormEvent) {
    e.preventDefault();
    void save({
      testimonials: list.map((t) => ({
        couple: t.couple.trim(),
        quote: t.quote.trim(),
        ...(t.weddingSlug ? { weddingSlug: t.weddingSlug } : {}),
        ...(t.location?.trim() ? { location: t.location.trim() } : {}),
      })),
    });
  }
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Reference</h2>
      {list.map((t, i) => (
        <fieldset key={i} className={styles.list}>
          <legend>{t.couple || `Reference ${i + 1}`}</legend>
          <div className={styles.grid}>
            <Field id={`t-${i}-couple`} label="Pár" value={t.couple} onChange={(v) => set(i, { couple: v })} error={errorFor(`testimonials.testimonials.${i}.couple`)} />
            <Field id={`t-${i}-location`} label="Místo (nepovinné)" value={t.location ?? ''} onChange={(v) => set(i, { location: v })} error={errorFor(`testimonials.testimonials.${i}.location`)} />
            <div className="field">
              <label htmlFor={`t-${i}-wedding`}>Odkaz na svatbu</label>
              <select id={`t-${i}-wedding`} value={t.weddingSlug ?? ''} onChange={(e) => set(i, { weddingSlug: e.target.value || undefined })}>
                <option value="">bez odkazu</option>
                {t.weddingSlug && !weddings.some((w) => w.slug === t.weddingSlug) ? <option value={t.weddingSlug}>{t.weddingSlug} (nenalezena – odkaz se nezobrazí)</option> : null}
                {weddings.map((w) => (
                  <option key={w.slug} value={w.slug}>
                    {w.couple}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Area id={`t-${i}-quote`} label="Citace" value={t.quote} onChange={(v) => set(i, { quote: v })} error={errorFor(`testimonials.testimonials.${i}.quote`)} />
          <button type="button" className="btn btn-small" onClick={() => setList(list.filter((_, j) => j !== i))}>
            Smazat referenci<span className="visually-hidden">: {t.couple}</span>
          </button>
        </fieldset>
      ))}
      <button type="button" className="btn btn-small" onClick={() => setList([...list, { couple: '', quote: '' }])}>
        Přidat referenci
      </button>
      <SaveBar id="testimonials" status={status} issues={issues} />
    </form>
  );
}

/** Export (a download) and import (a file picked here) of all settings. */
export function ExportImport() {
  const router = useRouter();
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  async function importFile(file: File) {
    setMessage('Nahrávám…');
    setFailed(false);
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      setFailed(true);
      setMessage('Soubor není platný JSON (očekávám soubor z tlačítka „Stáhnout nastavení“).');
      return;
    }
    const res = await fetch('/api/admin/settings/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.ok) {
      setMessage('Nastavení je nahrané; web už ukazuje nové údaje.');
      router.refresh();
      return;
    }
    const err = ((await res.json()) as { error?: { message?: string } }).error;
    setFailed(true);
    setMessage(`Nenahráno: ${err?.message ?? 'neznámá chyba'}`);
  }
  return (
    <section aria-labelledby="transfer-title" className={styles.form}>
      <h2 id="transfer-title">Záloha a přenos nastavení</h2>
      <p>
        <a className="btn" href="/api/admin/settings/export" download>
          Stáhnout nastavení (JSON)
        </a>
      </p>
      <div className="field">
        <label htmlFor="settings-import">Nahrát nastavení ze souboru</label>
        <input id="settings-import" type="file" accept="application/json,.json" onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])} />
      </div>
      <p role={failed ? 'alert' : 'status'}>{message}</p>
    </section>
  );
}

const PLACEHOLDER_HINT = 'Smí obsahovat {{name}}, {{firstName}}, {{city}} a další zástupné značky; web je nahradí vašimi údaji.';

/** The home page's texts: the hero's lines and the "about me" teaser (the photos are set in the guide, /admin/pruvodce). */
export function HomeForm({ initial }: { initial: Json }) {
  const hero = (initial.hero ?? {}) as Json;
  const about = (initial.about ?? {}) as Json;
  const [eyebrow, setEyebrow] = useState(str(hero.eyebrow));
  const [heading, setHeading] = useState(str(hero.heading));
  const [aboutHeading, setAboutHeading] = useState(str(about.heading));
  const [paragraphs, setParagraphs] = useState((Array.isArray(about.paragraphs) ? (about.paragraphs as unknown[]).map(str) : []).join('\n\n'));
  const { save, issues, status, errorFor } = useSave('home');
  function submit(e: FormEvent) {
    e.preventDefault();
    const paras = paragraphs
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    void save({ hero: { eyebrow: eyebrow.trim(), heading: heading.trim() }, about: { heading: aboutHeading.trim(), paragraphs: paras } });
  }
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="home-title">
      <h2 id="home-title">Úvodní stránka</h2>
      <p>
        Úvodní fotografii a portrét nahrajete v <Link href="/admin/pruvodce">průvodci nastavením</Link>.
      </p>
      <Field id="home-hero-eyebrow" label="Řádek nad nadpisem" value={eyebrow} onChange={setEyebrow} error={errorFor('home.hero.eyebrow')} />
      <Field id="home-hero-heading" label="Hlavní nadpis" value={heading} onChange={setHeading} error={errorFor('home.hero.heading')} />
      <Field id="home-about-heading" label="Nadpis části „O mně“" value={aboutHeading} onChange={setAboutHeading} error={errorFor('home.about.heading')} hint={PLACEHOLDER_HINT} />
      <Area id="home-about-paragraphs" label="Text části „O mně“ (odstavce oddělte prázdným řádkem)" value={paragraphs} onChange={setParagraphs} error={errorFor('home.about.paragraphs')} hint={PLACEHOLDER_HINT} />
      <SaveBar id="home" status={status} issues={issues} />
    </form>
  );
}

/** The about page (/omne): its heading, lead and Markdown text; starts with what the page shows now. */
type Fact = { value: string; label: string };

export function AboutPageForm({ initial, shown }: { initial: Json; shown: { heading: string; lead: string; body: string; facts: Fact[] } }) {
  const own = (initial.aboutPage ?? {}) as Json;
  const [facts, setFacts] = useState<Fact[]>(Array.isArray(own.facts) ? (own.facts as Fact[]) : shown.facts);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const touch = (k: string) => setTouched((t) => (t.has(k) ? t : new Set([...t, k])));
  const [heading, setHeadingValue] = useState(str(own.heading) || shown.heading);
  const [lead, setLeadValue] = useState(str(own.lead) || shown.lead);
  const [body, setBodyValue] = useState(str(own.body) || shown.body);
  const edit = (k: string, set: (v: string) => void) => (v: string) => {
    touch(k);
    set(v);
  };
  const setHeading = edit('heading', setHeadingValue);
  const setLead = edit('lead', setLeadValue);
  const setBody = edit('body', setBodyValue);
  const changeFacts = (next: Fact[]) => {
    touch('facts');
    setFacts(next);
  };
  const setFact = (i: number, patch: Partial<Fact>) => changeFacts(facts.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const { save, issues, status, errorFor } = useSave('home');
  function submit(e: FormEvent) {
    e.preventDefault();
    // Only what she changed is saved: untouched parts keep following the file, whose texts fill their
    // {{placeholders}} (her name, the delivery weeks) anew whenever those change.
    const kept = facts.map((f) => ({ value: f.value.trim(), label: f.label.trim() })).filter((f) => f.value || f.label);
    const value: Json = {};
    if (touched.has('heading')) value.heading = heading.trim();
    if (touched.has('lead')) value.lead = lead.trim();
    if (touched.has('body')) value.body = body.trim();
    if (touched.has('facts')) value.facts = kept;
    void save({ aboutPage: value });
  }
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-labelledby="about-page-title">
      <h2 id="about-page-title">Stránka O mně</h2>
      <Field id="about-page-heading" label="Nadpis" value={heading} onChange={setHeading} error={errorFor('home.aboutPage.heading')} />
      <Area id="about-page-lead" label="Úvodní odstavec" value={lead} onChange={setLead} error={errorFor('home.aboutPage.lead')} />
      <Area
        id="about-page-body"
        label="Text stránky (Markdown: ## nadpis, **tučně**, odstavce oddělte prázdným řádkem)"
        value={body}
        onChange={setBody}
        error={errorFor('home.aboutPage.body')}
        hint={PLACEHOLDER_HINT}
      />
      <fieldset className={styles.list}>
        <legend>Údaje vedle textu (např. „2015“ – „fotím svatby od roku“)</legend>
        {facts.map((f, i) => (
          <div key={i} className={styles.row}>
            <Field id={`about-fact-${i}-value`} label="Údaj" value={f.value} onChange={(v) => setFact(i, { value: v })} error={errorFor(`home.aboutPage.facts.${i}.value`)} />
            <Field id={`about-fact-${i}-label`} label="Popis" value={f.label} onChange={(v) => setFact(i, { label: v })} error={errorFor(`home.aboutPage.facts.${i}.label`)} />
            <button type="button" className="btn btn-small" onClick={() => changeFacts(facts.filter((_, j) => j !== i))}>
              Odebrat údaj {f.value || i + 1}
            </button>
          </div>
        ))}
        {facts.length < 6 ? (
          <button type="button" className="btn btn-small" onClick={() => changeFacts([...facts, { value: '', label: '' }])}>
            Přidat údaj
          </button>
        ) : null}
      </fieldset>
      <SaveBar id="about-page" status={status} issues={issues} />
    </form>
  );
}
