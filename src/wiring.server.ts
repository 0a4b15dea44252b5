import 'server-only';
import { accountsJobs } from '@/accounts/jobs.server';
import { accountsStartupSteps } from '@/accounts/startup.server';
import { bookingsJobs } from '@/bookings/scheduler.server';
import { contentReadiness, contentStartupSteps } from '@/content/startup.server';
import { platformJobs, startJobs } from '@/platform/jobs.server';
import type { ReadinessCheck } from '@/platform/readiness.server';
import type { StartupStep } from '@/platform/startup.server';

/**
 * The app's wiring: which domain start-up steps, readiness checks and scheduled jobs run. Platform code never
 * imports a domain; domains describe their own steps, checks and jobs, and this module (the app layer) lists them.
 * Used by src/instrumentation.ts (start-up) and src/app/api/ready/route.ts (readiness).
 */
export function startupSteps(): StartupStep[] {
  return [
    ...accountsStartupSteps(),
    ...contentStartupSteps(),
    { name: 'scheduled jobs', run: async () => startJobs([...platformJobs(), ...accountsJobs(), ...bookingsJobs()]) },
  ];
}

export function readinessChecks(): ReadinessCheck[] {
  return [contentReadiness];
}
