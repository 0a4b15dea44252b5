import 'server-only';
export { databaseSnapshotResponse } from './channel.server';
export { operationsStartupSteps } from './startup.server';
export { metricsResponse, type MetricSource } from './metrics.server';
export { operationsJobs } from './schedule.server';
export { BackupCard } from './ui/backup-card';
