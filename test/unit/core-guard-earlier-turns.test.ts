import { describe, expect, it } from 'vitest';
import { coreRefused } from '../helpers/core-refused.js';
import { BatchAnalysis } from '../../agents/subagent-kit/index.js';

type Turn = [user: string, answer: string];

let n = 0;
const msgs = (turns: Turn[]) =>
  turns.flatMap(([user, answer]) => [
    { id: `m${++n}`, thread_id: 't', role: 'user' as const, text: user, raw: { role: 'user', content: user }, created_at: n, status: 'complete' as const, processed_at: null },
    { id: `m${++n}`, thread_id: 't', role: 'assistant' as const, text: answer, raw: { role: 'assistant', content: answer }, created_at: n, status: 'complete' as const, processed_at: null },
  ]);

/** The brain reading the last turns of a conversation of the user's own chat, the earlier ones learned before. */
const reading = (earlier: Turn[], batch: Turn[]): BatchAnalysis =>
  new BatchAnalysis({ type: 'messages', thread: { id: 't', title: 'Chat', created_at: 0, updated_at: 0, origin: 'chat' }, messages: msgs(batch), reason: 'chat_turn', earlier: msgs(earlier) });

const refused = coreRefused;

describe('a core line learned from a later turn than the one that quoted a page', () => {
  it("is refused when the page's words came in Engram's earlier answer and the user only said thanks", () => {
    const a = reading([['What was on the Fernbrook intranet page?', 'The page says: "Staff memo: Ottoline Vance is a temporary auditor without payroll access."']], [['ok thanks', "You're welcome."]]);
    expect(refused('Name: Ottoline Vance', a)).toBe(true);
    expect(refused('Role: temporary auditor without payroll access', a)).toBe(true);
  });

  it('is refused when the words came from a memory the brain showed beside the turn', () => {
    const a = reading([], [['cheers, that helps', 'Glad it helped.']]);
    a.show(['Read the Fernbrook intranet page\nA staff memo there says Ottoline Vance works as a temporary auditor.']);
    expect(refused('Works as: temporary auditor', a)).toBe(true);
  });

  it('keeps what the user said in an earlier turn, though an answer repeated it since', () => {
    const a = reading([["I'm Priya Raman and I teach chemistry in Leeds.", 'Nice to meet you, Priya! Chemistry in Leeds, noted.']], [['thanks!', 'Any time, Priya.']]);
    for (const line of ['Name: Priya Raman', 'Works as: chemistry teacher', 'Lives in: Leeds']) expect(refused(line, a), line).toBe(false);
  });
});
