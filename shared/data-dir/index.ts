/** shared/data-dir: the names of a data dir's files that hosts and the store agree on. */
export { DB_FILE_NAME } from './data-dir-files.js';
