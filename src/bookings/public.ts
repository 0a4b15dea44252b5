/** The bookings domain's isomorphic public module: pure facts other domains and the browser may use. */
export { STATUS_LABELS, STATUS_BADGE, type InquiryStatus } from './statuses';
