/**
 * Runs autocannon in its own process (so the load generator's CPU is not the orchestrator's) and prints one JSON
 * line with the result. Usage: tsx bench/lib/cannon.ts '<json options>'.
 * mode 'get': plain GETs of `url`. mode 'inquiry': POST /api/inquiries with a fresh valid inquiry and
 * Idempotency-Key per request.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

interface Options {
  url: string;
  mode: 'get' | 'inquiry';
  connections: number;
  duration: number;
}

const opts = JSON.parse(process.argv[2] ?? '{}') as Options;

export function inquiryBody(n: number): string {
  const day = new Date(Date.UTC(2027, 0, 1) + (n % 700) * 86_400_000).toISOString().slice(0, 10);
  return JSON.stringify({
    partner1: 'Jana Zkušební',
    partner2: 'Petr Zkušební',
    email: `bench-${n}-${randomUUID().slice(0, 8)}@example.cz`,
    phone: '+420 777 123 456',
    weddingDate: day,
    venue: 'Zámek Zbiroh',
    town: 'Zbiroh',
    guestCount: 80,
    packageId: 'cely-den',
    message: 'Dobrý den, máme zájem o focení celého dne.',
    consent: true,
  });
}

let counter = 0;
const statusCounts: Record<string, number> = {};

const instance = autocannon(
  {
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    ...(opts.mode === 'inquiry'
      ? {
          method: 'POST' as const,
          headers: { 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => {
                const n = counter++;
                return {
                  ...req,
                  method: 'POST',
                  headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
                  body: inquiryBody(n),
                };
              },
            },
          ],
        }
      : {}),
  },
  (err, result) => {
    if (err) {
      console.error(err);
      process.exit(1);
    }
    process.stdout.write(JSON.stringify({ ...result, statusCounts }) + '\n');
  },
);
instance.on('response', (_client: unknown, statusCode: number) => {
  statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
});
