import type { ServerResponse } from 'node:http';
export declare const DECLARED_BODY = 'x-declared-body';
/** Where a declared body is written: Node's `ServerResponse.write` with its callback, and the client's abort. */
export interface BodySink {
  write(chunk: Uint8Array, done: (err?: Error | null) => void): boolean;
  signal: AbortSignal;
}
export interface DeclaredBody {
  /** Writes the whole body; rejects when it cannot (the response is then destroyed). */
  write(sink: BodySink): Promise<void>;
  /** Releases what the body holds when it will not be written (HEAD, never claimed). */
  cancel(): void;
}
export declare function declaredBodiesWritten(): boolean;
export declare function serveDeclaredBodies(): void;
export declare function declareBody(body: DeclaredBody): string;
export declare function applyDeclaredBody(res: ServerResponse, onError: (msg: string, err: unknown) => void, onWritten?: () => void): void;
