import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The ops proofs run the server as `npm start` does: build it once (when stale) before any file starts. */
export default function globalSetup() {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
}
