import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { askedKind } from '../../agents/chat/asked-value.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// A made-up terminal, apart from the benchmark days: "how big" asks for an amount of data.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-06T10:00:00.000Z';
const title = 'ana@nas: ~';
const terminal = screenMemory(
  'code',
  ['ana@nas:~$ ls ~/backup/photos | wc -l', '3120', 'ana@nas:~$ du -sh ~/backup/photos', '18G /home/ana/backup/photos', 'ana@nas:~$ df -h /srv', '/dev/sdb1 1.8T 1.2T 600G 67% /srv'].join('\n'),
  title,
  at,
);
const lead = (q: string) => factSentence(q, terminal, fmt)!.text;

describe('a question about how big something is', () => {
  it('asks for a size, whatever the words', () => {
    for (const q of ['How big is the photos backup?', 'What size is the backup folder?', 'How much disk space do the photos take up?', 'How large was the log file?']) expect(askedKind(q)).toBe('size');
    // Money and counts are asked as before.
    expect(askedKind('How much did the backup drive cost?')).toBe('money');
    expect(askedKind('How many photos are in the backup?')).toBe('count');
  });

  it('is answered by the amount of data, not by a count beside it', () => {
    expect(lead('How big is the photos backup?')).toContain('18G');
    expect(lead('How much space do my backed up photos take up?')).toContain('18G');
    expect(lead('How big is the photos backup?')).not.toContain('3120');
  });
});
