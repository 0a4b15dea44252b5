// The package ships types (dist/types) that its "exports" map hides from TypeScript's bundler resolution; this
// repeats its declared signature.
declare module 'spayd' {
  export interface PaymentDescription {
    acc: string;
    altAcc?: string[];
    am: string;
    cc?: string;
    rf?: number;
    rn?: string;
    dt?: Date;
    pt?: string;
    msg?: string;
    crc32?: string;
    xper?: string;
    xvs?: string;
    xss?: string;
    xks?: string;
    xid?: string;
  }
  export default function spayd(paymentDescription: PaymentDescription): string;
}
