import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Counter, Histogram, Registry } from 'prom-client';

export function routeGroup(pathname: string): 'static' | 'image' | 'photos' | 'api' | 'admin' | 'account' | 'pages';
export function httpMetrics(): {
  registry: Registry;
  requests: Counter<'group' | 'status'>;
  duration: Histogram<'group'>;
  cacheHits: Counter<'by'>;
};
export function measureRequest(req: IncomingMessage, res: ServerResponse): (cacheHit: boolean) => void;
