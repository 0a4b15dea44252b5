/**
 * The peer in the Lighthouse bench: albm (github.com/Kristian-Buriasco/albm), a self-hosted Next 15 photographer
 * portfolio with client galleries, built and seeded as bench/peer/README.md describes and running at
 * BENCH_PEER_URL. Measured in the same run as our pages, with the same Lighthouse settings and runs.
 *
 * Comparable pages: its home page (hero and the portfolio's cover grid, which is also its portfolio listing)
 * against our `/` and `/portfolio`; its first public portfolio gallery (`/portfolio/<id>`, found on its home page)
 * against our wedding page. Budget: our performance score is not below the peer's on the comparable page.
 */
import { budget, type BudgetCheck } from '../lib/budgets';
import { runLighthouse, type LighthousePageResult } from '../lighthouse';

export interface PeerResult {
  pages: LighthousePageResult[];
  budgets: BudgetCheck[];
  note: string;
}

export async function measurePeer(peerUrl: string, ours: LighthousePageResult[], runs: number): Promise<PeerResult> {
  const home = await fetch(peerUrl + '/');
  if (!home.ok) throw new Error(`the peer at ${peerUrl} answered ${home.status} for /`);
  const gallery = /href="(\/portfolio\/[A-Za-z0-9_-]+)"/.exec(await home.text())?.[1];
  const routes = [{ name: 'peer home', path: '/' }, ...(gallery ? [{ name: 'peer gallery', path: gallery }] : [])];
  const pages = (await runLighthouse(peerUrl, routes, runs)).map((p) => ({ ...p, budgets: [] }));
  const perf = (name: string) => pages.find((p) => p.name === name)?.median.scores.performance;
  const our = (name: string) => ours.find((p) => p.name === name);
  const budgets: BudgetCheck[] = [];
  for (const [ourName, peerName] of [['home', 'peer home'], ['portfolio', 'peer home'], ['wedding', 'peer gallery']] as const) {
    const mine = our(ourName);
    const theirs = perf(peerName);
    if (!mine || theirs === undefined) continue;
    budgets.push(budget(`${mine.path} performance vs the peer's ${peerName.replace('peer ', '')} page (albm)`, mine.median.scores.performance, '>=', theirs, '', `albm ${routes.find((r) => r.name === peerName)?.path}: perf ${theirs}, LCP ${pages.find((p) => p.name === peerName)?.median.lcpMs} ms, TBT ${pages.find((p) => p.name === peerName)?.median.tbtMs} ms`));
  }
  const summary = pages.map((p) => `${p.path} perf ${p.median.scores.performance}, LCP ${p.median.lcpMs} ms, TBT ${p.median.tbtMs} ms, CLS ${p.median.cls}`).join('; ');
  return { pages, budgets, note: `Peer (albm, Next 15, built and seeded per bench/peer/README.md) in this run: ${summary}.` };
}
