import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, type EngramStore } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

/** Screens of every shape the splitter knows: prose, a table with its header, a command with its error, a form. */
const SCREENS: { id: string; at: number; app: string; title: string; url: string | null; text: string }[] = [
  {
    id: 'obs_01m8mx8p8s5mjy5vrrh4mjtqwa',
    at: 1_000,
    app: 'Chromium',
    title: 'Check-in — Northwind Air',
    url: 'https://northwind.example/checkin',
    text: [
      'Your trip to Amsterdam is confirmed and your seat is saved. Bring a photo ID to the airport.',
      '',
      'Flight    Gate    Boarding    Seat',
      'NW 482    B14     09:35       14C',
      '',
      'Boarding closes 25 minutes before departure at gate B14.',
    ].join('\n'),
  },
  {
    id: 'obs_01m8mx8p8s5mjy5vrrh4mjtqwb',
    at: 2_000,
    app: 'Terminal',
    title: 'deploy — zsh',
    url: null,
    text: ['$ npm run deploy -- --env staging', 'Error: connect ECONNREFUSED 10.0.0.7:5432', '    at TCPConnectWrap.afterConnect (node:net:1555:16)', '', 'Deploys', 'Staging', 'Production'].join('\n'),
  },
  {
    id: 'obs_01m8mx8p8s5mjy5vrrh4mjtqwc',
    at: 3_000,
    app: 'Chromium',
    title: 'Check-in — Northwind Air',
    url: 'https://northwind.example/checkin',
    text: 'Boarding closes 25 minutes before departure at gate B14.',
  },
];

/** What step 4 made of SCREENS when it was frozen (issue 32): kind, text, first seen, and where each was seen. */
const FROZEN_PASSAGES = [
  { kind: 'paragraph', text: 'Your trip to Amsterdam is confirmed and your seat is saved. Bring a photo ID to the airport.', first_seen_at: 1_000, place: 'Check-in — Northwind Air — Chromium — https://northwind.example/checkin', seen: ['a:0'] },
  { kind: 'row', text: 'Flight: NW 482 · Gate: B14 · Boarding: 09:35 · Seat: 14C', first_seen_at: 1_000, place: 'Check-in — Northwind Air — Chromium — https://northwind.example/checkin', seen: ['a:1'] },
  { kind: 'paragraph', text: 'Boarding closes 25 minutes before departure at gate B14.', first_seen_at: 1_000, place: 'Check-in — Northwind Air — Chromium — https://northwind.example/checkin', seen: ['a:2', 'c:0'] },
  {
    kind: 'code',
    text: '$ npm run deploy -- --env staging\nError: connect ECONNREFUSED 10.0.0.7:5432\n    at TCPConnectWrap.afterConnect (node:net:1555:16)',
    first_seen_at: 2_000,
    place: 'deploy — zsh — Terminal',
    seen: ['b:0'],
  },
  { kind: 'lines', text: 'Deploys\nStaging\nProduction', first_seen_at: 2_000, place: 'deploy — zsh — Terminal', seen: ['b:1'] },
];

interface Row {
  kind: string;
  text: string;
  first_seen_at: number;
  place: string;
  seen: string;
}

function passagesOf(store: EngramStore) {
  const rows = store.db
    .prepare(
      `SELECT p.kind, p.text, p.first_seen_at, f.place,
              (SELECT group_concat(substr(s.observation_id, -1) || ':' || s.position, ',') FROM
                 (SELECT * FROM passage_sightings WHERE passage_seq = p.seq ORDER BY seen_at) s) AS seen
       FROM passages p JOIN passage_fts f ON f.rowid = p.seq ORDER BY p.seq`,
    )
    .all() as Row[];
  return rows.map((r) => ({ ...r, seen: r.seen.split(',') }));
}

/** Migration 004 carries its own frozen splitter and SQL: upgrading an old database never changes with the live indexer. */
describe('migration 004: screen text passages, frozen', () => {
  const { open } = storeFolderPerTest('engram-mig4-');

  it('a version-3 database migrates to latest with the passages step 4 made when it was frozen', async () => {
    const old = await open(3);
    const insert = old.db.prepare("INSERT INTO observations (id, kind, display, observed_at, app, title, url, text) VALUES (?, 'screen', '0', ?, ?, ?, ?, ?)");
    for (const s of SCREENS) insert.run(s.id, s.at, s.app, s.title, s.url, s.text);
    await old.close();

    const store = await open();
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(passagesOf(store)).toEqual(FROZEN_PASSAGES);
    } finally {
      await store.close();
    }
  });
});
