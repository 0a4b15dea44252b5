import type { IncomingMessage, ServerResponse } from 'node:http';
export function staticFile(req: IncomingMessage): string | null;
export function classifyRange(header: string, size: number): 'satisfiable' | 'unsatisfiable' | 'ignored';
export function createStaticAssets(options: { root: string; enabled?: boolean }): {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean;
  observe: (req: IncomingMessage, res: ServerResponse) => void;
  rangeNotSatisfiable: (req: IncomingMessage, res: ServerResponse) => boolean;
  remembered: () => { bodies: number; recorded: number };
};
