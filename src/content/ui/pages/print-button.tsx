'use client';

/** Opens the browser's print dialog (the page's print styles leave only the form). */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="btn" onClick={() => window.print()}>
      {label}
    </button>
  );
}
