import fs from 'node:fs';
import { startServer, type RunningServer } from '../../tests/e2e/harness';

export { startServer, type RunningServer };

/** Every descendant pid of `pid` (Next's `next start` may run the server in a child process). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) follows the parenthesised command name, which may itself contain spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      /* process ended while scanning */
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    out.push(p);
    queue.push(...(children.get(p) ?? []));
  }
  return out;
}

function vmRssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of the whole server process tree, in MB. */
export function treeRssMb(pid: number): number {
  const kb = processTree(pid).reduce((sum, p) => sum + vmRssKb(p), 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Samples the tree's RSS every `everyMs` until stopped; returns all samples. */
export function sampleRss(pid: number, everyMs = 250): { stop: () => number[] } {
  const samples: number[] = [treeRssMb(pid)];
  const timer = setInterval(() => samples.push(treeRssMb(pid)), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      samples.push(treeRssMb(pid));
      return samples;
    },
  };
}

/**
 * The routes the benchmarks visit. The wedding and blog detail pages are the first ones the list pages link to,
 * so the scripts follow whatever content source the server has.
 */
export async function benchRoutes(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const firstLink = async (listPath: string, prefix: string): Promise<string | null> => {
    const res = await fetch(baseUrl + listPath);
    if (!res.ok) return null;
    const html = await res.text();
    const re = new RegExp(`href="(${prefix.replace(/\//g, '\\/')}[a-z0-9][a-z0-9-]*)"`, 'i');
    return re.exec(html)?.[1] ?? null;
  };
  const wedding = await firstLink('/portfolio', '/weddings/');
  const post = await firstLink('/blog', '/blog/');
  const routes = [
    { name: 'home', path: '/' },
    { name: 'portfolio', path: '/portfolio' },
    { name: 'wedding', path: wedding ?? '/weddings/MISSING' },
    { name: 'booking', path: '/rezervace' },
    { name: 'blog-post', path: post ?? '/blog/MISSING' },
  ];
  return routes;
}

/** Splits routes into those answering 200 and those that do not (missing pages are reported, not measured). */
export async function reachableRoutes(baseUrl: string, routes: { name: string; path: string }[]) {
  const ok: { name: string; path: string }[] = [];
  const missing: string[] = [];
  for (const r of routes) {
    const status = r.path.endsWith('/MISSING') ? 0 : await fetch(baseUrl + r.path).then((x) => x.status, () => 0);
    if (status === 200) ok.push(r);
    else missing.push(`${r.name} (${r.path.endsWith('/MISSING') ? 'no link found' : `${r.path} answered ${status}`})`);
  }
  return { ok, missing };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[idx];
};
