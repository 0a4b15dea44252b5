// The browser tests drive Debian's Chromium (browser downloads are impossible here). On a fresh Debian machine
// running as root, install it; otherwise explain what is missing.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const bin = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(bin)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium chybí – instaluji balíček chromium (apt-get)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error(`Chromium not found at ${bin}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
