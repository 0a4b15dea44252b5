import type { Metadata } from 'next';
import { connection } from 'next/server';

/**
 * Benchmark floor (bench/throughput.ts): the cheapest dynamic page this server can render — same root layout,
 * proxy and CSP nonce as every content page, but no content source or database work. Not for visitors.
 */
export const metadata: Metadata = {
  title: 'Měřicí stránka',
};

export default async function BenchMinimalPage() {
  await connection();
  return (
    <section className="container page-header">
      <h1>Měřicí stránka</h1>
      <p>Tato stránka slouží pouze k měření výkonu serveru.</p>
    </section>
  );
}
