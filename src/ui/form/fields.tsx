'use client';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useFormStatus } from 'react-dom';
import type { FieldErrors } from '@/platform/form-state';

interface BaseProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

function describedBy(name: string, hint?: ReactNode, error?: string): string | undefined {
  const ids = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Messages({ name, hint, error }: { name: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <span id={`${name}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({ name, label, hint, error, ...rest }: BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  return (
    <div className="field">
      <label htmlFor={rest.id ?? name}>{label}</label>
      <input id={rest.id ?? name} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} {...rest} />
      <Messages name={name} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({ name, label, hint, error, ...rest }: BaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  return (
    <div className="field">
      <label htmlFor={rest.id ?? name}>{label}</label>
      <textarea id={rest.id ?? name} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} {...rest} />
      <Messages name={name} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  hint,
  error,
  options,
  ...rest
}: BaseProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & { options: { value: string; label: string }[] }) {
  return (
    <div className="field">
      <label htmlFor={rest.id ?? name}>{label}</label>
      <select id={rest.id ?? name} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages name={name} hint={hint} error={error} />
    </div>
  );
}

export function CheckboxField({ name, label, hint, error, ...rest }: BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'>) {
  return (
    <div className="field">
      <div className="check">
        <input type="checkbox" id={rest.id ?? name} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} {...rest} />
        <label htmlFor={rest.id ?? name}>{label}</label>
      </div>
      <Messages name={name} hint={hint} error={error} />
    </div>
  );
}

/** Summary at the top of a rejected form; each entry links to its field. Receives focus when shown. */
export function ErrorSummary({ errors, labels, title = 'Formulář obsahuje chyby' }: { errors: FieldErrors; labels?: Record<string, string>; title?: string }) {
  const entries = Object.entries(errors).filter((e): e is [string, string] => Boolean(e[1]));
  if (!entries.length) return null;
  return (
    <div className="form-summary" role="alert" tabIndex={-1} ref={(el) => el?.focus()}>
      <h2>{title}</h2>
      <ul>
        {entries.map(([field, msg]) => (
          <li key={field}>
            {field === '_form' ? msg : <a href={`#${field}`}>{labels?.[field] ? `${labels[field]}: ${msg}` : msg}</a>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Submit button that shows progress while its form's server action runs. */
export function SubmitButton({ children, pendingText = 'Odesílám…', className = 'btn btn-primary' }: { children: ReactNode; pendingText?: string; className?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={className} aria-disabled={pending} disabled={pending}>
      {pending ? pendingText : children}
    </button>
  );
}
