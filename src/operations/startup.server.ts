import 'server-only';
import type { StartupStep } from '@/platform/startup.server';
import { openBackupChannel } from './channel.server';

/** The operations domain's start-up steps (after the database: the channel serves copies of it). */
export function operationsStartupSteps(): StartupStep[] {
  return [{ name: 'backup channel', run: async () => openBackupChannel() }];
}
