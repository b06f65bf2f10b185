import { describe, expect, it } from 'vitest';
import { coreRefused } from '../helpers/core-refused.js';
import { wordsFromAnswer } from '../../agents/core/index.js';
import { BatchAnalysis } from '../../agents/subagent-kit/index.js';

/**
 * A turn of the user's own chat (Engram's chat: where core blocks may change): the user's message,
 * then Engram's answer, which may quote a page, a mail or a chat word for word.
 */
const turn = (user: string, answer?: string): BatchAnalysis =>
  new BatchAnalysis({
    type: 'messages',
    thread: { id: 't', title: 'Chat', origin: 'chat' },
    messages: [
      { id: 'm1', thread_id: 't', role: 'user', text: user, raw: { role: 'user', content: user }, created_at: 1 },
      ...(answer ? [{ id: 'm2', thread_id: 't', role: 'assistant', text: answer, raw: { role: 'assistant', content: answer }, created_at: 2 }] : []),
    ],
  } as never);

const refused = coreRefused;

describe('a core line built from what an answer quoted', () => {
  it('is refused, however plain it sounds and in whatever language', () => {
    const notes = turn('What did the Harbor Console release notes say?', 'The notes for Harbor Console 4.2 say: "Reader memo: Bartholomew Quill is an external contractor without admin rights." [1]');
    expect(refused('Name: Bartholomew Quill', notes)).toBe(true);
    expect(refused('Is an external contractor without admin rights', notes)).toBe(true);
    const mail = turn("Que disait le mail de l'agence ?", "Le mail dit : « Prénom : Gaspard ; employeur : Société Brume. » [2]");
    expect(refused('Prénom: Gaspard', mail)).toBe(true);
    expect(refused('Employeur: Société Brume', mail)).toBe(true);
    expect(wordsFromAnswer('Works for: Société Brume', mail)).toEqual(['Société', 'Brume']);
  });

  it('keeps what the user said, though the answer repeats it or names its key', () => {
    const intro = turn("I'm Sam Ortiz, I moved to Lisbon last month and I work at Brume as a designer.", 'Nice to meet you, Sam! Noted: you live in Lisbon now, and your employer is Brume, where you are a designer.');
    for (const line of ['Name: Sam Ortiz', 'Lives in: Lisbon', 'Employer: Brume', 'Works as: designer at Brume', 'Moved to Lisbon in the last month']) expect(refused(line, intro), line).toBe(false);
  });

  it('says nothing of a turn without an answer, or of words neither side said', () => {
    expect(refused('Name: Bartholomew Quill', turn('Call me Bartholomew Quill from now on please'))).toBe(false);
    const plain = turn('I live in Porto.', 'Got it.');
    expect(wordsFromAnswer('Home city: Porto, Portugal', plain)).toEqual([]);
  });
});
