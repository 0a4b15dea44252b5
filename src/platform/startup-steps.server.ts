import 'server-only';
import type { StartupStep } from './startup.server';
import { startBookingsScheduler } from '@/bookings/scheduler.server';

/** Domain start-up steps, in order. Each domain adds its own line here. */
export function extraStartupSteps(): StartupStep[] {
  return [
    { name: 'admin setup link', run: async () => (await import('@/accounts/setup.server')).announceAdminSetup() },
    { name: 'bookings scheduler', run: async () => startBookingsScheduler() },
  ];
}
