import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bucketSize, openSegment, readHeader, sealSegment, SyncError, type ChangeRecord, type SyncIdentity } from '../../agents/sync/index.js';

const A = 'a'.repeat(32);
const identity = (device = A, key = Buffer.alloc(32, 7), folderId = 'f'.repeat(32)): SyncIdentity => ({ key, folderId, device });
const record = (text: string): ChangeRecord => ({
  op: 'memory.put',
  id: 'm1',
  at: { t: 1, c: 0, d: A },
  reason: 'created',
  memory: { kind: 'semantic', title: 'Quarterly Zanzibar budget', text, details: '', fields: {}, app: 'LibreOffice Calc', occurred_at: null, ended_at: null, segment: null },
});

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof SyncError) {
      expect(err.message).not.toContain('\n');
      return err.code;
    }
    throw err;
  }
  return 'opened';
}

describe('sealed segments', () => {
  it('opens what it sealed, with the device and number it was sealed under', () => {
    const bytes = sealSegment(identity(), 4, [record('hello')]);
    expect(openSegment(identity(), bytes, 'x.egs')).toMatchObject({ device: A, seq: 4, records: [record('hello')] });
    expect(readHeader(bytes)).toEqual({ device: A, seq: 4 });
  });

  it('shows no memory text, title or app name in its bytes, and a fresh nonce each time', () => {
    const a = sealSegment(identity(), 1, [record('the password is hunter2')]);
    const b = sealSegment(identity(), 1, [record('the password is hunter2')]);
    for (const needle of ['hunter2', 'Zanzibar', 'LibreOffice', 'semantic']) {
      expect(a.includes(Buffer.from(needle))).toBe(false);
    }
    expect(a.equals(b)).toBe(false);
  });

  it('pads to size buckets: a short and a much longer memory give files of the same size', () => {
    const short = sealSegment(identity(), 1, [record('ok')]);
    const longer = sealSegment(identity(), 1, [record('x'.repeat(500))]);
    expect(short.length).toBe(longer.length);
    expect(bucketSize(1025)).toBe(2048);
  });

  it('refuses a changed byte anywhere (header, nonce, body, tag)', () => {
    const bytes = sealSegment(identity(), 1, [record('hello')]);
    for (const at of [6, 30, 100, bytes.length - 1]) {
      const bad = Buffer.from(bytes);
      bad[at] = (bad[at] as number) ^ 1;
      expect(code(() => openSegment(identity(), bad, 'x.egs'))).toBe('TAMPERED');
    }
  });

  it('refuses a segment renumbered or credited to another device (both are authenticated)', () => {
    const bytes = sealSegment(identity(), 1, [record('hello')]);
    const renumbered = Buffer.from(bytes);
    renumbered.writeBigUInt64BE(2n, 21);
    expect(code(() => openSegment(identity(), renumbered, 'x.egs'))).toBe('TAMPERED');
    const moved = Buffer.from(bytes);
    Buffer.from('b'.repeat(32), 'hex').copy(moved, 5);
    expect(code(() => openSegment(identity(), moved, 'x.egs'))).toBe('TAMPERED');
  });

  it('refuses a segment of another folder or sealed with another key', () => {
    const bytes = sealSegment(identity(), 1, [record('hello')]);
    expect(code(() => openSegment(identity(A, Buffer.alloc(32, 7), 'e'.repeat(32)), bytes, 'x.egs'))).toBe('TAMPERED');
    expect(code(() => openSegment(identity(A, randomBytes(32)), bytes, 'x.egs'))).toBe('TAMPERED');
  });

  it('tells a cut-short file and a stranger apart from tampering', () => {
    const bytes = sealSegment(identity(), 1, [record('hello')]);
    expect(code(() => openSegment(identity(), bytes.subarray(0, bytes.length - 1), 'x.egs'))).toBe('TRUNCATED');
    const two = sealSegment(identity(), 1, [record('z'.repeat(1500))]);
    expect(code(() => openSegment(identity(), two.subarray(0, 1500), 'x.egs'))).toBe('TRUNCATED');
    expect(code(() => openSegment(identity(), bytes.subarray(0, 40), 'x.egs'))).toBe('TRUNCATED');
    expect(code(() => openSegment(identity(), Buffer.from('PK\u0003\u0004 a zip file'), 'x.egs'))).toBe('FOREIGN');
  });
});
