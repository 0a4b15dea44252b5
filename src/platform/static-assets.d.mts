import type { IncomingMessage, ServerResponse } from 'node:http';
export function staticFile(req: IncomingMessage): string | null;
export function unsatisfiable(header: string, size: number): boolean;
export function createStaticAssets(options: { root: string; enabled?: boolean }): {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean;
  observe: (req: IncomingMessage, res: ServerResponse) => void;
  rangeNotSatisfiable: (req: IncomingMessage, res: ServerResponse) => boolean;
  remembered: () => { bodies: number; recorded: number };
};
