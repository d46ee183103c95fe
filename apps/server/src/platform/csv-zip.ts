import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { stringify } from 'csv-stringify';

/**
 * CSV files in one ZIP, streamed: each file's rows are read a batch at a time as the archive consumes
 * them (csv-stringify and archiver hold back the reader when the client is slow), so an export of any
 * size runs in flat memory. The files are written one after another; a file whose first batch is
 * empty can be left out.
 */

export type CsvRow = Readonly<Record<string, unknown>>;

export interface CsvFile {
  /** The name inside the ZIP, with its extension. */
  name: string;
  /** The header row and the keys each row's cells are taken from, in order. */
  columns: readonly string[];
  /** The rows, in batches (a keyset-paged read); an empty batch ends nothing, the iterator's end does. */
  batches: () => AsyncIterable<readonly CsvRow[]>;
  /** Left out of the ZIP when it has no row (the child files). */
  skipWhenEmpty?: boolean;
}

/**
 * A cell that a spreadsheet could run as a formula (=, +, -, @, or their full-width forms, first or
 * after blanks, control or invisible characters, or a tab or carriage return first) gets a leading
 * apostrophe, so opening the file never runs a filer's text (OWASP "CSV injection"). The price: a
 * phone number typed '+1 555…' reads "'+1 555…" in the file.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
const FORMULA_START = /^[\s\p{Cc}\p{Cf}]*[=+\-@＝＋－＠]|^[\t\r]/u;

/** Booleans as the API spells them; text guarded against formulas; null and absent as an empty cell. */
const CAST = {
  boolean: (v: boolean) => (v ? 'true' : 'false'),
  string: (v: string) => neutraliseFormula(v),
};

async function* rowsOf(first: readonly CsvRow[], rest: AsyncIterator<readonly CsvRow[]>) {
  try {
    yield* first;
    for (let batch = await rest.next(); !batch.done; batch = await rest.next()) yield* batch.value;
  } finally {
    // Ended early (the download was abandoned): the batches' reader ends too.
    await rest.return?.();
  }
}

/**
 * The ZIP as a readable stream. A failure while reading (the database gone mid-export) destroys the
 * stream with the error: the client gets a broken download, never a ZIP that looks complete.
 */
export function csvZip(files: readonly CsvFile[]): Readable {
  // Level 6: most of level 9's size for a fraction of its CPU on text this repetitive.
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const fail = (err: unknown) => zip.destroy(err instanceof Error ? err : new Error(String(err)));
  // A client that goes away destroys the ZIP: the file being read stops too, instead of reading on
  // batch after batch into a stream nobody drains.
  let reading: Readable | undefined;
  zip.once('close', () => reading?.destroy());

  const write = async (index: number): Promise<void> => {
    const file = files[index];
    if (!file) {
      await zip.finalize();
      return;
    }
    const batches = file.batches()[Symbol.asyncIterator]();
    const first = await batches.next();
    const firstRows = first.done ? [] : first.value;
    if (firstRows.length === 0 && file.skipWhenEmpty) {
      await batches.return?.();
      return write(index + 1);
    }
    const csv = stringify({ header: true, columns: [...file.columns], bom: true, cast: CAST });
    const source = Readable.from(rowsOf(firstRows, batches));
    reading = source;
    source.on('error', (err) => csv.destroy(err));
    csv.on('error', fail);
    zip.once('entry', () => void write(index + 1).catch(fail));
    zip.append(source.pipe(csv), { name: file.name });
  };
  void write(0).catch(fail);
  return zip;
}

/**
 * One CSV file on its own (no ZIP), streamed from its batches with the same cells as `csvZip`'s: a
 * slow client holds the reader back, one that goes away ends it, a failed read breaks the download.
 */
export function csvStream(file: Pick<CsvFile, 'columns' | 'batches'>): Readable {
  const csv = stringify({ header: true, columns: [...file.columns], bom: true, cast: CAST });
  const batches = file.batches()[Symbol.asyncIterator]();
  const source = Readable.from(rowsOf([], batches));
  source.on('error', (err) => csv.destroy(err));
  csv.once('close', () => source.destroy());
  return source.pipe(csv);
}
