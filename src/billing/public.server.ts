import 'server-only';
/**
 * The billing domain's public module for server code (contracts, deposits, payments, invoices). Routes and the
 * wiring use it; everything else in src/billing is internal (docs/decisions/014-import-boundaries.md).
 */
export {
  acceptContract,
  BillingError,
  confirmPayments,
  contractLinksFor,
  contractPdfForToken,
  contractView,
  documentsOf,
  getCsvMapping,
  invoiceList,
  invoicePdfFile,
  issueFinalInvoice,
  markDepositPaid,
  proformaPdfForToken,
  readStatement,
  saveCsvMapping,
  sendContract,
  type ContractView,
  type DocumentsDto,
  type MatchDto,
} from './service.server';
export { billingAdminRoute, coupleError, coupleRoute, pdfResponse, readStatementUpload } from './http.server';
export { billingJobs } from './jobs.server';
export { invoicesCsv } from './invoices-csv.server';
export { ContractPage } from './ui/contract-page';
export { BookingDocuments } from './ui/booking-documents';
export { StatementUpload, CsvMappingForm } from './ui/statement-upload';
export { CoupleContracts } from './ui/couple-contracts';
