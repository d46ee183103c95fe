// Runs npm scripts at the same time and fails if any fails: `node scripts/together.mjs test:e2e test:ops`.
// The browser journeys mostly wait on the browser and the mail; the operations proofs mostly wait on the
// processes they start and stop. Side by side they fill two cores that either alone leaves half idle.
// `npm test` runs the proofs one file at a time there (OPS_WORKERS=1): two at once beside a browser (the
// soak's 50 people and a crash's 100 submissions) overloaded two cores until the database pool's 5 s wait
// answered 503.
// Each script's output is held and printed whole when it ends, so the log reads as if they ran in turn.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/together.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.env.npm_execpath;
const running = new Map();
const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const npmArgs = ['run', script];
    // Each in a process group of its own, so a stop reaches the servers and browsers it started.
    const options = { stdio: ['ignore', 'pipe', 'pipe'], detached: true };
    const child = npm ? spawn(process.execPath, [npm, ...npmArgs], options) : spawn('npm', npmArgs, options);
    const output = [];
    running.set(script, { child, output });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(script);
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(Buffer.concat(output));
      const status = code === 0 ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`;
      console.log(`\n── npm run ${script}: ${status} in ${seconds} s ──\n`);
      resolve(code === 0);
    });
  });

// Stopped (a CI timeout, Ctrl-C): stop the scripts too, and print what each had said so far.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const [script, { child, output }] of running) {
      process.stdout.write(Buffer.concat(output));
      console.log(`\n── npm run ${script}: stopped by ${signal} ──\n`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
    process.exit(1);
  });
}

console.log(`Running side by side: ${scripts.map((s) => `npm run ${s}`).join(', ')}`);
const results = await Promise.all(scripts.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
