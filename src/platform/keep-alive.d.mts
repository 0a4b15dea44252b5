import type { Server } from 'node:http';
export declare const KEEP_ALIVE_TIMEOUT_MS: number;
export declare function applyKeepAlive(server: Server): void;
