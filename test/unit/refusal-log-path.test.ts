import { describe, expect, it } from 'vitest';
import { loggableError, loggablePath } from '../../electron/hosts/http/refusal-log.js';

// A refused request's path is logged (issue 28): a token a client put in the path must not be.
const TOKEN = 'ghp_Pl4Ok8Ij2Uh6Yg0Tf3Rd7Es1Wa5Qz9Xc4Vb8N';

describe('the path a refusal logs', () => {
  it('masks a token in the path, drops the query, keeps the path before it', () => {
    const line = loggablePath(`/api/hooks/${TOKEN}/run?key=${TOKEN}`);
    expect(line).not.toContain(TOKEN.slice(4, 16));
    expect(line.startsWith('/api/hooks/')).toBe(true);
    expect(line).toContain('[redacted');
  });

  it('leaves an ordinary path as it is', () => {
    expect(loggablePath('/assets/index-3f9a2c.js?v=2')).toBe('/assets/index-3f9a2c.js');
    expect(loggablePath('/api/ws')).toBe('/api/ws');
  });
});

describe('the line an escaped request error logs', () => {
  it('masks a secret the message quotes, on one printable line', () => {
    const line = loggableError(new Error(`ENOENT: no such file, open '/srv/${TOKEN}/x'\nat readFile`));
    expect(line).not.toContain(TOKEN.slice(4, 16));
    expect(line).toContain('[redacted');
    expect(line).not.toContain('\n');
    expect(line.startsWith('ENOENT: no such file')).toBe(true);
  });

  it('keeps an ordinary message and clips a long one', () => {
    expect(loggableError(new Error('socket hang up'))).toBe('socket hang up');
    expect(loggableError('x'.repeat(500)).length).toBeLessThanOrEqual(201);
  });
});
