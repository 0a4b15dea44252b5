import path from 'node:path';

/** Built and started by bench/lib/minimal-app.ts; modules resolve from the repository's node_modules. */
export default {
  poweredByHeader: false,
  turbopack: { root: path.resolve(import.meta.dirname, '../..') },
};
