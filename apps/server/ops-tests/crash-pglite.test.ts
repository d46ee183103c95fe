import { describe, it } from 'vitest';
import { crashProof } from './support/crash-proof.js';

describe('a crash on PGlite', () => {
  it('keeps every acknowledged attestation submission whole after a SIGKILL mid-flight', async () => {
    const { acknowledged, lost } = await crashProof('pglite');
    console.info(`PGlite: ${acknowledged} acknowledged before the kill, ${lost} cut off`);
  });
});
