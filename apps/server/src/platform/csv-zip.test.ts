import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type CsvRow, csvZip, neutraliseFormula } from './csv-zip.js';

const batch = (from: number): CsvRow[] => Array.from({ length: 500 }, (_, i) => ({ id: from + i, name: `Row ${i}` }));

describe('a cell a spreadsheet could run as a formula', () => {
  it.each([
    ['=SUM(1)', "'=SUM(1)"],
    ['+cmd', "'+cmd"],
    ['-1+1', "'-1+1"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tx', "'\tx"],
    ['\u200b=4+4', "'\u200b=4+4"],
    ['\u001f=8+8', "'\u001f=8+8"],
    ['  =1', "'  =1"],
    ['＝5+5', "'＝5+5"],
  ])('%j is written as text: %j', (cell, written) => expect(neutraliseFormula(cell)).toBe(written));

  it.each(['Schwab', 'a=b', 'Board member - treasurer', ''])('%j is written as it is', (cell) =>
    expect(neutraliseFormula(cell)).toBe(cell),
  );
});

describe('a streamed CSV ZIP', () => {
  it('fails the download when a read fails midway, rather than ending a ZIP that looks complete', async () => {
    const zip = csvZip([
      {
        name: 'rows.csv',
        columns: ['id', 'name'],
        batches: async function* () {
          yield batch(0);
          throw new Error('the database went away');
        },
      },
    ]);
    const chunks: Buffer[] = [];
    await expect(
      (async () => {
        for await (const chunk of zip) chunks.push(chunk as Buffer);
      })(),
    ).rejects.toThrow('the database went away');
  });

  it('stops reading when the client goes away', async () => {
    let pulled = 0;
    let closed = false;
    const zip = csvZip([
      {
        name: 'rows.csv',
        columns: ['id', 'name'],
        // Endless: only the client's leaving can end this read.
        batches: async function* () {
          try {
            for (;;) {
              pulled++;
              yield batch(pulled * 500);
            }
          } finally {
            closed = true;
          }
        },
      },
    ]);
    zip.once('data', () => zip.destroy());
    zip.resume();
    await sleep(300);
    const after = pulled;
    await sleep(300);
    expect(closed).toBe(true);
    expect(pulled).toBe(after);
  });
});
