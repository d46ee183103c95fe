import { describe, it } from 'vitest';
import { crashProof } from './support/crash-proof.js';

describe('a crash on PostgreSQL', () => {
  it('keeps every acknowledged attestation submission whole after a SIGKILL mid-flight', async () => {
    const { acknowledged, lost } = await crashProof('postgres');
    console.info(`PostgreSQL: ${acknowledged} acknowledged before the kill, ${lost} cut off`);
  });
});
