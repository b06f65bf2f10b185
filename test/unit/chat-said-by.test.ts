import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { causeIn } from '../../agents/chat/asked-kinds.js';
import { saidByWhom, saidLine } from '../../agents/chat/said-by.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Made-up screens and questions, apart from the benchmark days: a pull request, a team chat, a build
// dashboard, a van's service page.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-05T08:00:00.000Z';
const first = (q: string, text: string, title: string) => factSentence(q, screenMemory('lines', text, title, at), fmt)!.text.split('\n')[0]!;

describe('what someone said', () => {
  it('reads the person a question asks the words of', () => {
    expect(saidByWhom('What did Tomasz suggest for the cache patch?')).toBe('Tomasz');
    expect(saidByWhom('what did Ana Ruiz say about the move?')).toBe('Ana Ruiz');
    expect(saidByWhom('What did I change in the cache patch?')).toBeNull();
  });

  it('takes their words, on their line or under it, not a line that only names them', () => {
    const lines = ['Reviewers: Tomasz Wójcik (-1)', 'Tomasz Wójcik · line 88', 'The lock is taken twice here. Please move the check above the loop instead.', 'Lena Fox: looks good to me once that is fixed'];
    expect(saidLine('What did Tomasz ask me to change?', lines)?.text).toContain('move the check above the loop');
    expect(saidLine('What did Lena say about my patch?', lines)?.text).toContain('looks good to me');
    expect(saidLine('What did Oskar say about my patch?', lines)).toBeNull();
  });

  it('leads with it', () => {
    const pr = 'PR 912: Cache eviction — Forgehub';
    const text = 'PR 912 · Cache eviction · author Sam Okafor\nReviewers: Tomasz Wójcik (-1)\nsrc/cache/evict.rs\nTomasz Wójcik · line 88\nThe lock is taken twice here. Please move the check above the loop instead.';
    expect(first('What did Tomasz ask me to change in my cache patch?', text, pr)).toContain('move the check above the loop');
  });
});

describe('why it failed', () => {
  it('is a cause, not the status that says it failed', () => {
    expect(causeIn('nightly-export FAILED')).toBe(false);
    expect(causeIn('Build: broken')).toBe(false);
    for (const t of ['exit code 137: killed, out of memory', 'Error: ENOSPC', 'failed because the token expired']) expect(causeIn(t), t).toBe(true);
  });

  it('does not state the status line as the reason', () => {
    const d = 'Pipelines — Buildkite';
    expect(first('Why did the nightly export break?', 'pipelines · main\nlint passed\nnightly-export FAILED', d)).not.toMatch(/^(?:Not sure[^:]*: )?nightly-export FAILED/);
  });
});

describe('a lone word is matched to a label by meaning only when clearly close', () => {
  const rows: [string, string][] = [['Stored wheels', 'Winter tyres, rack C-14'], ['Next service', '12 March 2027'], ['Hire date', '3 March 2021']];
  const fw: FrameWords = { width: 1280, height: 800, words: rows.flatMap(([l, v], i) => [...cell(l, 40, 100 + 40 * i), ...cell(v, 600, 100 + 40 * i)]) };
  const text = rows.map(([l, v]) => `${l}  ${v}`).join('\n');
  const numbered = screenMemory('lines', text, 'My van — Fleetdesk', at, { frameId: 'frm_v', fullSnippet: true });
  const layout = (id: string) => (id === 'frm_v' ? fw : null);
  // The shipped encoder puts "plate" 0.55 from "Stored wheels": a thing found with it, not it.
  const near = (phrase: string, label: string) => (label === 'Stored wheels' ? 0.55 : 0.2);

  it("says it does not know the van's number plate rather than its tyre rack", () => {
    const f = factSentence("What is my van's number plate?", numbered, fmt, layout, { meaning: near })!;
    expect(f.text).toMatch(/^I don't know/);
  });

  it('meets a lone word in a label the encoder puts clearly close to it', () => {
    // As the shipped encoder puts "security" 0.59-0.61 from "Encryption": the same thing in other words.
    const close = (phrase: string, label: string) => (phrase === 'inspection' && label === 'Next service' ? 0.6 : 0.2);
    expect(factSentence("When is the van's inspection?", numbered, fmt, layout, { meaning: close })!.text).toContain('12 March 2027');
    expect(factSentence("When is the van's inspection?", numbered, fmt, layout, { meaning: near })!.text).toMatch(/^I don't know/);
  });
});
