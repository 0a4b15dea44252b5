import type { IncomingMessage } from 'node:http';
import type { BlockList } from 'node:net';

export const CLIENT_ADDRESS_HEADER: 'x-client-address';
export const SERVER_MARKER: unique symbol;
export type TrustProxy = { mode: 'none' } | { mode: 'hops'; hops: number } | { mode: 'list'; list: BlockList; entries: string[] };
export function normalizeAddress(raw: unknown): string | null;
export function parseTrustProxy(value: string | undefined): TrustProxy;
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: TrustProxy): string;
export function applyClientAddress(req: IncomingMessage, trust: TrustProxy): string;
