import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pgSetup from '../global-setup-pg';

/** The production build every file starts (built only when sources changed), then PostgreSQL when installed. */
export default function setup() {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/ensure-build.mjs')], { stdio: 'inherit' });
  pgSetup();
}
