import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir, startPortal } from './support/portal-process.js';

describe('the ops proofs harness', () => {
  it('starts the built server on PGlite and stops it', async () => {
    const dir = scratchDir('harness');
    const portal = await startPortal({ dataDir: path.join(dir, 'data') });
    try {
      const res = await fetch(`${portal.url}/api/health`);
      expect(res.status).toBe(200);
    } finally {
      await portal.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
