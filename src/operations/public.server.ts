import 'server-only';
export { databaseSnapshotResponse } from './channel.server';
export { operationsStartupSteps } from './startup.server';
export { metricsResponse, type MetricSource } from './metrics.server';
