import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { trackHandlers } from './in-flight.js';

it('settles only when the last running handler has answered', async () => {
  const app = Fastify();
  const handlers = trackHandlers(app);
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((r) => {
    started = r;
  });
  app.get('/slow', async () => {
    started();
    await new Promise<void>((r) => {
      release = r;
    });
    return { ok: true };
  });
  await app.ready();
  const answer = app.inject({ url: '/slow' });
  await running;
  let settled = false;
  const waiting = handlers.settled(5_000).then(() => {
    settled = true;
  });
  await new Promise((r) => setTimeout(r, 50));
  expect(settled).toBe(false);
  release();
  await waiting;
  expect(settled).toBe(true);
  expect((await answer).statusCode).toBe(200);
  await handlers.settled(5_000);
  await app.close();
});
