import 'server-only';
import QRCode from 'qrcode';
import { formatCzechDate, formatCzechDateTimeLong } from '@/platform/dates';
import { formatKc, qrPlatba } from './money';
import { PdfWriter } from './pdf-writer.server';
import type { ContractSnapshot, InvoiceSnapshot } from './snapshot';

/** The three documents: the contract (as sent, or signed), the deposit proforma with QR Platba, an invoice. */

export interface Acceptance {
  names: string;
  at: Date;
  by: string;
}

export async function contractPdf(s: ContractSnapshot, accepted: Acceptance | null): Promise<Buffer> {
  const w = await PdfWriter.create(s.title, `Rezervace ${s.reference}`);
  w.text(s.title, { size: 16, bold: true, gapAfter: 2 });
  w.text(`Číslo rezervace ${s.reference} · odesláno ${formatCzechDate(s.sentOn)}`, { size: 9, muted: true, gapAfter: 8 });
  for (const section of s.sections) {
    w.heading(section.title, 11);
    for (const p of section.paragraphs) w.text(p);
  }
  w.rule();
  if (accepted) {
    w.heading('Přijetí smlouvy', 11);
    w.text(`Objednatel smlouvu přijal elektronicky dne ${formatCzechDateTimeLong(accepted.at)} a potvrdil ji jmény: ${accepted.names}.`);
    w.text(`Přijato: ${accepted.by}.`, { size: 9, muted: true });
  } else {
    w.text('Návrh smlouvy – platí po přijetí objednatelem na stránce smlouvy.', { size: 9, muted: true });
  }
  return w.save();
}

/** The QR Platba image (PNG) for the deposit: the SPAYD string through the qrcode library. */
export async function qrPng(spayd: string): Promise<Buffer> {
  return QRCode.toBuffer(spayd, { errorCorrectionLevel: 'M', margin: 2, width: 360 });
}

export async function proformaPdf(s: ContractSnapshot, deposit: { amount: number; variableSymbol: string; dueDate: string; issuedOn: string }): Promise<Buffer> {
  const sup = s.supplier;
  const w = await PdfWriter.create(`Zálohová faktura ${deposit.variableSymbol}`, `Záloha – rezervace ${s.reference}`);
  w.text(`Zálohová faktura č. ${deposit.variableSymbol}`, { size: 16, bold: true, gapAfter: 2 });
  w.text('Výzva k úhradě zálohy – nejde o daňový doklad.', { size: 9, muted: true, gapAfter: 8 });
  w.heading('Dodavatel', 11).text(`${sup.name}, ${sup.street}, ${sup.postalCode} ${sup.city}`).text(`IČO ${sup.ico} · ${sup.vatLabel}`);
  w.heading('Odběratel', 11).text(s.customer.names.join(' a ')).text(s.customer.email);
  w.rule();
  w.row('Datum vystavení', formatCzechDate(deposit.issuedOn));
  w.row('Datum splatnosti', formatCzechDate(deposit.dueDate));
  w.row('Číslo účtu', sup.bankAccount);
  w.row('IBAN', sup.iban);
  w.row('Variabilní symbol', deposit.variableSymbol);
  w.rule();
  w.row(`Záloha ${s.deposit.percent} % na svatební fotografování ${formatCzechDate(s.wedding.date)} (rezervace ${s.reference})`, formatKc(deposit.amount));
  w.row('Celkem k úhradě', formatKc(deposit.amount), { bold: true });
  w.rule();
  const payload = qrPlatba({ iban: sup.iban, amount: deposit.amount, variableSymbol: deposit.variableSymbol, message: `Záloha ${s.reference}` });
  await w.png(await qrPng(payload), 130, 'QR Platba – naskenujte v bankovní aplikaci.');
  return w.save();
}

export async function invoicePdf(s: InvoiceSnapshot): Promise<Buffer> {
  const sup = s.supplier;
  const w = await PdfWriter.create(`${s.title} ${s.number}`, `Rezervace ${s.reference}`);
  w.text(`${s.title} č. ${s.number}`, { size: 16, bold: true, gapAfter: 2 });
  w.text(sup.vatLabel === 'Neplátce DPH' ? 'Dodavatel není plátcem DPH.' : sup.vatLabel, { size: 9, muted: true, gapAfter: 8 });
  w.heading('Dodavatel', 11).text(`${sup.name}, ${sup.street}, ${sup.postalCode} ${sup.city}`).text(`IČO ${sup.ico} · ${sup.vatLabel}`);
  w.heading('Odběratel', 11).text(s.customer.names.join(' a ')).text(s.customer.email);
  w.rule();
  w.row('Datum vystavení', formatCzechDate(s.issuedOn));
  if (s.dueOn) w.row('Datum splatnosti', formatCzechDate(s.dueOn));
  if (s.paidOn) w.row('Datum úhrady', formatCzechDate(s.paidOn));
  w.row('Číslo účtu', sup.bankAccount);
  w.row('Variabilní symbol', s.variableSymbol);
  w.rule();
  for (const item of s.items) w.row(item.label, formatKc(item.amount));
  w.row(s.paidOn ? 'Celkem (uhrazeno)' : 'Celkem k úhradě', formatKc(s.total), { bold: true });
  return w.save();
}
