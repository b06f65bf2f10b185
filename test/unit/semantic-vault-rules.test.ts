/**
 * Offline rules of the semantic and vault agents added for issue 17's held-out set: facts stated in
 * other languages and shapes, name-and-role cards on screen, street-first addresses, and what must
 * stay out (a story, a secret's value).
 */
import { describe, expect, it } from 'vitest';
import { screenFacts, statedFacts } from '../../agents/semantic/index.js';
import { findContacts } from '../../agents/knowledge-vault/index.js';
import { BatchAnalysis } from '../../agents/subagent-kit/index.js';
import { selfFacts } from '../../agents/core/index.js';

const screen = (text: string): BatchAnalysis =>
  new BatchAnalysis({
    type: 'observations',
    segment: 's',
    observations: [{ id: 'o1', kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: 1, app: 'Contacts', title: 'Contacts', url: null, text, caption: null, processed_at: null }],
  } as never);
const chat = (text: string): BatchAnalysis =>
  new BatchAnalysis({ type: 'messages', thread: { id: 't', title: 'Notes' }, messages: [{ id: 'm1', thread_id: 't', role: 'user', text, raw: { role: 'user', content: text }, created_at: 1 }] } as never);

describe('stated facts', () => {
  it('reads a role in Portuguese, a reporting line after other words, and an organisation policy', () => {
    expect(statedFacts('A Marta Sousa é a minha chefe desde janeiro.')[0]).toMatchObject({ subject: 'Marta Sousa', sentence: "Marta Sousa is the user's chefe" });
    expect(statedFacts('Rafael Souza moved to the Berlin office and now reports to Inês Duarte.')[0]).toMatchObject({ subject: 'Rafael Souza', value: 'Inês Duarte' });
    expect(statedFacts('Our travel policy: flights over 6 hours may be booked in premium economy.')[0]?.subject).toBe('Travel policy');
  });

  it('takes no fact from a story or from a redacted secret', () => {
    expect(statedFacts('First we landed in Porto, then we took the train down to Lisbon.')).toEqual([]);
    expect(statedFacts('The door code for the Porto office is [redacted:password].')).toEqual([]);
  });
});

describe('screen cards and contacts', () => {
  it('reads a name with the role under it, not a heading over a list', () => {
    expect(screenFacts(screen('Priya Nair\nStaff Engineer at Globex\nBangalore, India')).map((f) => [f.subject, f.text])).toEqual([['Priya Nair', 'Staff Engineer at Globex']]);
    expect(screenFacts(screen('Offsite Agenda\nQ3 numbers\nHiring plan'))).toEqual([]);
  });

  it('finds street-first and -straße addresses and one-block international numbers, with the owner above', () => {
    const c = findContacts(screen('Dr. Helena Weber\nDentist · Praxis am Park\nmobile +49 30 12345678'));
    expect(c.map((x) => [x.entry_type, x.value, x.owner])).toEqual([['phone', '+49 30 12345678', 'Helena Weber']]);
    expect(findContacts(chat("My sister's new address is Rua das Flores 12, 4050-262 Porto.")).map((x) => [x.entry_type, x.value, x.context])).toEqual([
      ['address', 'Rua das Flores 12, 4050-262 Porto', "My sister's new address is [address]."],
    ]);
    expect(findContacts(chat('Send it to Hauptstraße 5, 10115 Berlin please.'))[0]?.value).toBe('Hauptstraße 5, 10115 Berlin');
  });
});

describe('what the user says about themselves, in other languages', () => {
  it('reads a name and a home in German and Portuguese, and leaves a friend\'s home alone', () => {
    expect(selfFacts('Ich heiße Lena Vogel und wohne in Hamburg.').map((l) => l.line)).toEqual(['Name: Lena Vogel', 'Lives in: Hamburg']);
    expect(selfFacts('Eu moro em Lisboa.').map((l) => l.line)).toEqual(['Lives in: Lisboa']);
    expect(selfFacts('My friend Jonas lives in Berlin.')).toEqual([]);
  });
});
