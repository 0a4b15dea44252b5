import iconv from 'iconv-lite';

/**
 * Bank statement exports as Czech banks write them, generated for tests: ABO/GPC (128-character lines, optionally
 * Windows-1250) and camt.053 (ISO 20022 XML). Field positions: src/billing/statements/gpc.ts.
 */
export interface TestPayment {
  date: string; // YYYY-MM-DD
  amount: number; // CZK, may have haléře
  vs: string;
  counterAccount?: string; // digits, e.g. '2900123456'
  counterBank?: string; // '2010'
  name?: string;
  reference: string; // the bank's transaction id (digits)
  credit?: boolean;
}

const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
const num = (v: number | string, width: number) => String(v).padStart(width, '0');
const text = (v: string, width: number) => v.slice(0, width).padEnd(width, ' ');

export function gpcStatement(payments: TestPayment[], opts: { account?: string; encoding?: 'utf-8' | 'windows-1250'; date?: string } = {}): Buffer {
  const account = num(opts.account ?? '123456789', 16);
  const date = opts.date ?? payments[0]?.date ?? '2026-11-25';
  const credits = payments.filter((p) => p.credit !== false).reduce((s, p) => s + Math.round(p.amount * 100), 0);
  const header = `074${account}${text('Anna Novakova', 20)}${ddmmyy(date)}${num(0, 14)}+${num(credits, 14)}+${num(0, 14)}0${num(credits, 14)}0${num(1, 3)}${ddmmyy(date)}${text('', 14)}`;
  const lines = [header];
  for (const p of payments) {
    const line =
      '075' +
      account +
      num(p.counterAccount ?? '2900123456', 16) +
      num(p.reference, 13) +
      num(Math.round(p.amount * 100), 12) +
      (p.credit === false ? '1' : '2') +
      num(p.vs, 10) +
      `00${p.counterBank ?? '2010'}0000` +
      num(0, 10) +
      ddmmyy(p.date) +
      text(p.name ?? 'Jana Novakova', 20) +
      '0' +
      '0203' +
      ddmmyy(p.date);
    if (line.length !== 128) throw new Error(`GPC test line has ${line.length} characters`);
    lines.push(line);
  }
  for (const l of lines) if (l.length !== 128) throw new Error(`GPC test line has ${l.length} characters`);
  const body = `${lines.join('\r\n')}\r\n`;
  return opts.encoding === 'windows-1250' ? iconv.encode(body, 'win1250') : Buffer.from(body, 'utf8');
}

export function camt053Statement(payments: TestPayment[], opts: { iban?: string } = {}): Buffer {
  const entries = payments
    .map(
      (p) => `
      <Ntry>
        <Amt Ccy="CZK">${p.amount.toFixed(2)}</Amt>
        <CdtDbtInd>${p.credit === false ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${p.date}</Dt></BookgDt>
        <ValDt><Dt>${p.date}</Dt></ValDt>
        <AcctSvcrRef>${p.reference}</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>10000101000</Cd></Prtry></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${p.reference}</AcctSvcrRef><EndToEndId>/VS${p.vs}/SS/KS</EndToEndId></Refs>
          <AmtDtls><TxAmt><Amt Ccy="CZK">${p.amount.toFixed(2)}</Amt></TxAmt></AmtDtls>
          <RltdPties>
            <Dbtr><Nm>${p.name ?? 'Jana Nováková'}</Nm></Dbtr>
            <DbtrAcct><Id><Othr><Id>${p.counterAccount ?? '2900123456'}</Id></Othr></Id></DbtrAcct>
          </RltdPties>
          <RltdAgts><DbtrAgt><FinInstnId><Othr><Id>${p.counterBank ?? '2010'}</Id></Othr></FinInstnId></DbtrAgt></RltdAgts>
          <RmtInf><Strd><CdtrRefInf><Ref>VS:${p.vs}</Ref></CdtrRefInf></Strd><Ustrd>Záloha svatba</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2026-11-25T08:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>1</Id>
      <Acct><Id><IBAN>${opts.iban ?? 'CZ7508000000000123456789'}</IBAN></Id><Ccy>CZK</Ccy></Acct>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
  return Buffer.from(xml, 'utf8');
}
