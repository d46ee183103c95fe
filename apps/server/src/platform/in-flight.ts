import type { FastifyInstance, FastifyRequest } from 'fastify';

const counted = new WeakSet<FastifyRequest>();

/**
 * Handlers still running. Closing the server waits for open connections only: a client that gave up
 * (a load generator stopping, a closed tab) leaves its handler running with no connection, and closing
 * the database under it failed its next query with a 500. Shutdown waits for these to finish first.
 */
export function trackHandlers(app: FastifyInstance) {
  let running = 0;
  let idle: (() => void) | undefined;
  app.addHook('onRequest', async (request) => {
    counted.add(request);
    running++;
  });
  app.addHook('onSend', async (request) => {
    if (!counted.delete(request)) return;
    running--;
    if (running === 0) idle?.();
  });
  return {
    /** Resolves when no handler is running, or after `timeoutMs` whatever is left. */
    settled(timeoutMs: number): Promise<void> {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
