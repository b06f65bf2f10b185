import type { Migration } from './migration.js';

/**
 * Version 11: memories by id, with whether they are current, from an index alone. The graph walk
 * turns each entity's newest mentions (memory ids) into the current memories' seqs, hundreds per
 * query; through the id's unique index each lookup also read the memory's row (its text and fields)
 * for superseded_by. With (id, superseded_by) indexed the walk reads no row (the rowid, seq, is in
 * every index): 48 entities' 20 newest mentions took 6.2 ms, now 2.5 (100k memories).
 */
export const m011MemoryIdCurrent: Migration = {
  version: 11,
  name: 'memories: id and superseded_by in one index',
  up(db) {
    db.exec('CREATE INDEX memories_id_current ON memories(id, superseded_by)');
  },
};
