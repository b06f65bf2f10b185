import { afterAll, beforeAll, beforeEach } from 'vitest';

/** What the fakes in test/fakes return: a server on 127.0.0.1 that a test closes. */
export interface ClosableServer {
  close(): Promise<void> | void;
}

/**
 * One server for the calling file or describe (a fake model, a fake transcriber): started before
 * its tests and handed to `ready`, which keeps it in the file's variable; closed after them. With
 * `resetEachTest`, its recorded requests and scripted replies are cleared before each test.
 */
export function serverForFile<T extends ClosableServer & { reset?(): void }>(start: () => Promise<T>, ready: (server: T) => void, opts: { resetEachTest?: boolean } = {}): void {
  let server: T | undefined;
  beforeAll(async () => {
    server = await start();
    ready(server);
  });
  if (opts.resetEachTest) beforeEach(() => server?.reset?.());
  afterAll(async () => {
    await server?.close();
  });
}
