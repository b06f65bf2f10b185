/**
 * The files of a data dir that the user may be told about by name (engram backup --help says how to
 * restore a backup over the database). Where the data dir itself is, and its key, is the engine's
 * to find (electron/engine's locateEngram).
 */
export const DB_FILE_NAME = 'engram.db';
