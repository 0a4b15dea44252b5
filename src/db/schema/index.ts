// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
// Every table the app knows, one file per domain. Queries live only in each domain's repository.
export * from './platform';
export * from './accounts';
export * from './bookings';
export * from './studio';
export * from './content';
export * from './terms';
export * from './billing';
