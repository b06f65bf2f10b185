import { onFirstUse } from '../../../shared/first-use/index.js';

/**
 * The X protocol client, loaded with the first X connection: its CommonJS modules and generated
 * tables cost every process that imports the capture room (every host, every CLI command) a few
 * tens of milliseconds of CPU, though only capture ever opens a connection.
 */
export const x11Lib = onFirstUse(() => import('x11').then((m) => m.default));
