import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (so its answer takes the same time whatever the work
 * finds). Failures are logged; shutdown and tests wait for what is still running.
 */
export class Background {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, task: () => Promise<unknown>) {
    const done: Promise<void> = task()
      .then(
        () => undefined,
        (err) => this.log.error({ err }, `${what} failed`),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async drain() {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
