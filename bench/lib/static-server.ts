/**
 * The throughput reference: a plain node:http server that answers every request with one HTML file read into
 * memory at start. Usage: tsx bench/lib/static-server.ts <dir> — serves <dir>/<name>.html at /<name>; prints the port.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: static-server.ts <dir>');
const files = new Map<string, Buffer>();
for (const f of fs.readdirSync(dir)) if (f.endsWith('.html')) files.set(`/${f.slice(0, -5)}`, fs.readFileSync(path.join(dir, f)));

const server = http.createServer((req, res) => {
  const body = files.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`${typeof addr === 'object' && addr ? addr.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
