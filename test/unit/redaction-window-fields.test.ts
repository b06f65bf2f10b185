import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, redactWindowFields, sanitizeUrl } from '../../shared/redaction/index.js';

/** Window titles and URLs are kept as screen text is (issue 28): no credentials, no query values. */
describe('sanitizeUrl', () => {
  const cases: [string, string][] = [
    ['https://ana:Hunt3r2xQ@db.example.com/path/to?token=abc123def456&x=1', 'https://db.example.com/path/to?token=&x='],
    ['https://accounts.example.com/callback?code=4/0AX4XfWhQ2Lm9pRtY7uIoP3aSdFgHjKl&scope=email&state=xyz', 'https://accounts.example.com/callback?code=&scope=&state='],
    ['https://app.example.com/#access_token=ya29a0AfH6SMBx7Kq2LmNp&token_type=Bearer', 'https://app.example.com/#access_token=&token_type='],
    ['https://docs.example.com/guide#section-2', 'https://docs.example.com/guide#section-2'],
    ['https://www.google.com/search?q=ana+lima+salary', 'https://www.google.com/search?q='],
    ['https://github.com/engram/engram/pull/42/files', 'https://github.com/engram/engram/pull/42/files'],
    ['ftp://user@files.example.com/pub/', 'ftp://files.example.com/pub/'],
    ['admin:S3cretPa55@10.0.0.5/app?debug', '10.0.0.5/app?debug'],
    ['file:///home/ana/notes.txt', 'file:///home/ana/notes.txt'],
    ['https://hooks.slack.com/services/T0000/B0000/abcdefghijklmnopqrstuvwx', '[redacted:slack_token]'],
    ['https://example.com/a;b?x=1;y=2', 'https://example.com/a;b?x=;y='],
  ];
  for (const [raw, kept] of cases) it(raw, () => expect(sanitizeUrl(raw)).toBe(kept));

  it('nothing of a credential or a query value survives, whatever the URL', () => {
    const raw = 'https://ana:Hunt3r2xQ@db.example.com:5432/prod?sig=Xy7Kq2LmNpR4sT8vW1zA3b&session=abcdef123456#jwt=eyJhbGci';
    const out = sanitizeUrl(raw);
    for (const secret of ['ana', 'Hunt3r2xQ', 'Xy7Kq2LmNpR4sT8vW1zA3b', 'abcdef123456', 'eyJhbGci']) expect(out).not.toContain(secret);
    expect(out).toBe('https://db.example.com:5432/prod?sig=&session=#jwt=');
  });
});

describe('redactWindowFields', () => {
  it('a terminal titled with an exported token, a browser on a URL with credentials: both kept redacted', () => {
    const win = { app: 'Terminal', title: 'export GITHUB_TOKEN=ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 — bash', url: 'https://ana:pw123456@example.com/x?token=abc123def456', pid: 4 };
    expect(redactWindowFields(win, DEFAULT_REDACTION)).toEqual({
      app: 'Terminal',
      title: 'export GITHUB_TOKEN=[redacted:github_token] — bash',
      url: 'https://example.com/x?token=',
      pid: 4,
    });
  });

  it('the title follows the switches as screen text does; a window with nothing to take out is the same object', () => {
    const win = { title: 'Inbox — ana@acme.com', url: null };
    expect(redactWindowFields(win, DEFAULT_REDACTION)).toBe(win);
    expect(redactWindowFields(win, { ...DEFAULT_REDACTION, emails: true }).title).toBe('Inbox — [redacted:email]');
  });
});
