import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * tesseract printed "Failed loading language ''" (or a garbled name) to stderr whenever a pool read
 * Chinese or Japanese, though the text came out: the CJK models ask for their vertical-text model
 * (tessedit_load_sublangs), which is not shipped; Italian printed "Error: failed to load
 * ./ita.special-words" for a user-words file its config names and nobody ships. The pool runs in a child process here, so the
 * worker thread's stderr is caught whole.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = path.join(ROOT, 'test/helpers/ocr-stderr-child.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'engram-ocr-stderr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(langs: string, text: string): { text: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, path.join(dir, langs), langs, text], { cwd: ROOT, encoding: 'utf8', timeout: 150_000 });
  expect(r.status, r.stderr).toBe(0);
  return { text: (JSON.parse(r.stdout.trim().split('\n').pop()!) as { text: string }).text, stderr: r.stderr };
}

describe('the OCR worker says nothing on stderr', { timeout: 300_000 }, () => {
  it.each([
    ['jpn+eng', '会議は木曜日に変更', '木曜日'],
    ['chi_sim+eng', '预算审查改到星期四', '星期四'],
    // Italian's model names a user-words file it does not ship (user_words_suffix special-words).
    ['ita+eng', 'La riunione di lunedì', 'riunione'],
  ])('%s reads the page and prints no failed language', (langs, text, word) => {
    const r = read(langs, text);
    expect(r.text.replace(/\s+/g, '')).toContain(word);
    expect(r.stderr).not.toMatch(/Failed loading language|Error opening data file|failed to load/);
  });
});
