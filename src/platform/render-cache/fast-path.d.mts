import type { IncomingMessage, ServerResponse } from 'node:http';
export function eligiblePath(req: IncomingMessage): string | null;
export function createFastPath(options?: { enabled?: boolean; debug?: (fields: Record<string, unknown>) => void }): {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean;
  observe: (req: IncomingMessage, res: ServerResponse) => void;
};
