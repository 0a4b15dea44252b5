// Every table the app knows, one file per domain. Queries live only in each domain's repository.
export * from './platform';
export * from './accounts';
export * from './bookings';
export * from './studio';
