'use client';
import { useId, useState, type FormEvent } from 'react';

interface Match {
  paymentId: string;
  bookingId: number | null;
  reference: string | null;
  amount: number;
  variableSymbol: string | null;
  bookedOn: string;
  counterName: string | null;
  kind: 'exact' | 'partial' | 'unknown' | 'duplicate';
  reason: string;
}
interface Result {
  paymentId: string;
  applied: boolean;
  message: string;
}

const KIND_LABEL: Record<Match['kind'], string> = { exact: 'Přesná shoda', partial: 'Jiná částka', unknown: 'K rozhodnutí', duplicate: 'Už započteno' };
const czk = (n: number) => new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK' }).format(n);

/**
 * Upload a bank statement (GPC, camt.053, CSV), see how each incoming payment matches, tick the ones to apply and
 * confirm. Exact matches are ticked in advance; nothing is applied before „Započítat vybrané“.
 */
export function StatementUpload() {
  const id = useId();
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<Result[] | null>(null);
  const [pending, setPending] = useState(false);

  async function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) {
      setError('Vyberte soubor s výpisem.');
      return;
    }
    setPending(true);
    setError(null);
    setResults(null);
    const form = new FormData();
    form.set('file', file);
    try {
      const res = await fetch('/api/admin/payments/statement', { method: 'POST', body: form });
      const body = (await res.json().catch(() => null)) as { matches?: Match[]; error?: { message?: string } } | null;
      if (!res.ok || !body?.matches) {
        setMatches(null);
        setError(body?.error?.message ?? 'Výpis se nepodařilo přečíst.');
        return;
      }
      setMatches(body.matches);
      setChosen(new Set(body.matches.filter((m) => m.kind === 'exact').map((m) => m.paymentId)));
    } catch {
      setError('Spojení se nepodařilo. Zkuste to prosím znovu.');
    } finally {
      setPending(false);
    }
  }

  async function confirm() {
    if (!matches) return;
    const items = matches.filter((m) => chosen.has(m.paymentId) && m.bookingId !== null).map((m) => ({ paymentId: m.paymentId, bookingId: m.bookingId as number }));
    if (!items.length) {
      setError('Vyberte alespoň jednu platbu s rezervací.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await fetch('/api/admin/payments/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matches: items }) });
      const body = (await res.json().catch(() => null)) as { results?: Result[]; error?: { message?: string } } | null;
      if (!res.ok || !body?.results) setError(body?.error?.message ?? 'Platby se nepodařilo započítat.');
      else {
        setResults(body.results);
        setMatches(null);
      }
    } catch {
      setError('Spojení se nepodařilo. Zkuste to prosím znovu.');
    } finally {
      setPending(false);
    }
  }

  return (
    <div>
      <form onSubmit={upload} className="form" data-testid="statement-form">
        <div className="field">
          <label htmlFor={`${id}-file`}>Výpis z banky (GPC/ABO, camt.053 nebo CSV)</label>
          <input id={`${id}-file`} name="file" type="file" accept=".gpc,.abo,.xml,.csv,.txt" />
        </div>
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
          {pending ? 'Načítám…' : 'Načíst výpis'}
        </button>
      </form>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {results ? (
        <ul className="notice notice-ok" role="status" data-testid="confirm-results">
          {results.map((r) => (
            <li key={r.paymentId}>{r.message}</li>
          ))}
        </ul>
      ) : null}
      {matches ? (
        matches.length ? (
          <div style={{ overflowX: 'auto', marginTop: '1rem' }}>
            <table data-testid="matches">
              <caption>Příchozí platby z výpisu</caption>
              <thead>
                <tr>
                  <th scope="col">Započítat</th>
                  <th scope="col">Datum</th>
                  <th scope="col">Částka</th>
                  <th scope="col">VS</th>
                  <th scope="col">Rezervace</th>
                  <th scope="col">Výsledek</th>
                </tr>
              </thead>
              <tbody>
                {matches.map((m) => (
                  <tr key={m.paymentId} data-kind={m.kind}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Započítat platbu ${czk(m.amount)} s VS ${m.variableSymbol ?? 'bez VS'}`}
                        checked={chosen.has(m.paymentId)}
                        disabled={m.kind === 'duplicate' || m.bookingId === null}
                        onChange={(e) => {
                          const next = new Set(chosen);
                          if (e.target.checked) next.add(m.paymentId);
                          else next.delete(m.paymentId);
                          setChosen(next);
                        }}
                      />
                    </td>
                    <td>{m.bookedOn}</td>
                    <td>{czk(m.amount)}</td>
                    <td>{m.variableSymbol ?? '—'}</td>
                    <td>{m.reference ?? '—'}</td>
                    <td>
                      <strong>{KIND_LABEL[m.kind]}</strong> – {m.reason}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button type="button" className="btn btn-primary" onClick={confirm} disabled={pending} aria-disabled={pending} style={{ marginTop: '1rem' }}>
              Započítat vybrané
            </button>
          </div>
        ) : (
          <p role="status">Výpis neobsahuje žádné příchozí platby.</p>
        )
      ) : null}
    </div>
  );
}

const MAPPING_FIELDS = [
  ['date', 'Sloupec s datem', true],
  ['amount', 'Sloupec s částkou', true],
  ['variableSymbol', 'Sloupec s variabilním symbolem', true],
  ['counterAccount', 'Sloupec s protiúčtem', false],
  ['counterName', 'Sloupec s názvem protiúčtu', false],
  ['message', 'Sloupec se zprávou', false],
  ['reference', 'Sloupec s ID pohybu', false],
] as const;

/** The bank CSV's column mapping, chosen once (names of the header row). */
export function CsvMappingForm({ initial }: { initial: Record<string, string> | null }) {
  const id = useId();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const mapping: Record<string, string> = {};
    for (const [k, v] of data.entries()) if (typeof v === 'string' && v.trim()) mapping[k] = v.trim();
    const res = await fetch('/api/admin/payments/csv-mapping', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mapping) }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { error?: { message?: string } } | null;
    setMessage(res?.ok ? { ok: true, text: 'Mapování sloupců je uložené.' } : { ok: false, text: body?.error?.message ?? 'Mapování se nepodařilo uložit.' });
  }
  return (
    <form onSubmit={save} className="form">
      {message ? (
        <p className={message.ok ? 'notice notice-ok' : 'notice notice-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-delimiter`}>Oddělovač</label>
        <select id={`${id}-delimiter`} name="delimiter" defaultValue={initial?.delimiter ?? ';'}>
          <option value=";">středník (;)</option>
          <option value=",">čárka (,)</option>
          <option value={'\t'}>tabulátor</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-dateFormat`}>Formát data</label>
        <select id={`${id}-dateFormat`} name="dateFormat" defaultValue={initial?.dateFormat ?? 'DD.MM.YYYY'}>
          <option value="DD.MM.YYYY">31.12.2026</option>
          <option value="YYYY-MM-DD">2026-12-31</option>
        </select>
      </div>
      {MAPPING_FIELDS.map(([name, label, required]) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-${name}`}>
            {label}
            {required ? '' : ' (nepovinné)'}
          </label>
          <input id={`${id}-${name}`} name={name} defaultValue={initial?.[name] ?? ''} required={required} maxLength={100} />
        </div>
      ))}
      <button type="submit" className="btn">
        Uložit mapování
      </button>
    </form>
  );
}
