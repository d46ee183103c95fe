// `node scripts/image-files.mjs <folder>`: copies into <folder> what the built portal reads when it runs, and
// nothing else, for the container image's run stage (Dockerfile). The server bundle leaves its dependencies in
// node_modules; most of node_modules is never read by it (other dialects of the ORM, type declarations, test
// tools, the web app's libraries). The files it does read are found by following the bundles' imports with
// @vercel/nft, which also follows the assets a package opens next to itself (PGlite's wasm and data, the PDF
// library's font metrics, the API docs page, the password hasher's native module).
import { cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { nodeFileTrace } from '@vercel/nft';

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? '');
if (!process.argv[2]) {
  console.error('usage: node scripts/image-files.mjs <folder>');
  process.exit(2);
}

/** The programs the image runs: the server, its command line (backup, create-admin…) and the PDF thread. */
const ENTRIES = ['apps/server/dist/server.js', 'apps/server/dist/cli.js', 'apps/server/dist/pdf-worker.js'];

/**
 * Read by a path the code computes, which a trace of imports does not see: the package manifests that make
 * the bundles ES modules, the bundles' source maps and migrations, the built web app the server serves, and
 * the four Noto Sans faces the PDFs are set in (apps/server/src/platform/pdf.ts).
 */
const READ_BY_PATH = [
  'package.json',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/web/dist',
  'node_modules/@expo-google-fonts/noto-sans/package.json',
  'node_modules/@expo-google-fonts/noto-sans/400Regular',
  'node_modules/@expo-google-fonts/noto-sans/700Bold',
  'node_modules/@expo-google-fonts/noto-sans/400Regular_Italic',
  'node_modules/@expo-google-fonts/noto-sans/700Bold_Italic',
];

const { fileList } = await nodeFileTrace(
  ENTRIES.map((f) => path.join(root, f)),
  { base: root, ignore: (f) => f.startsWith('apps/web/') },
);
const files = new Set([...fileList, ...READ_BY_PATH]);
let bytes = 0;
for (const file of files) {
  const from = path.join(root, file);
  if (!existsSync(from)) {
    console.error(`image-files: ${file} is missing (was the portal built?)`);
    process.exit(1);
  }
  const to = path.join(out, file);
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  if (statSync(from).isFile()) bytes += statSync(from).size;
}
console.log(`image-files: ${files.size} files and folders copied to ${out} (${Math.round(bytes / 1e6)} MB in files)`);
