import type { ServerResponse } from 'node:http';
export declare const DECLARED_LENGTH = 'x-declared-content-length';
export declare const DECLARED_STATUS = 'x-declared-status';
export declare function applyDeclaredResponse(res: ServerResponse): void;
