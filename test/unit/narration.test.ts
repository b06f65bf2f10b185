import { describe, expect, it } from 'vitest';
import { tellsOfDoing } from '../../agents/store/narration.js';
import { asksAboutDoing } from '../../agents/store/question-shape.js';

describe('a memory that tells of something done', () => {
  it('recognises events told in the first person, past tense', () => {
    for (const t of [
      'We drove up to the coast on Saturday and swam until sunset.',
      "I've finally finished the quilt for my niece!",
      'Last month I adopted a second cat from the shelter.',
      'Guess what, I just got back from Lisbon.',
      'We both painted the fence blue yesterday',
      'Honestly I ran my first half marathon, it was brutal.',
    ]) {
      expect(tellsOfDoing(t), t).toBe(true);
    }
  });

  it("leaves out chit-chat, plans, wishes and other people's doings", () => {
    for (const t of [
      'Thanks so much, that sounds amazing!',
      'I need to feed the cat before work.',
      "I'd love to visit Lisbon one day.",
      'I will paint the fence next week.',
      'Did you finish the quilt?',
      'She adopted a cat last year.',
      'I love how the sunset looks here.',
    ]) {
      expect(tellsOfDoing(t), t).toBe(false);
    }
  });
});

describe('a question about something done', () => {
  it('is a wh- question with did/has/have/had, or a yes/no question', () => {
    for (const q of [
      'What did Ana make for the party?',
      'Where has Ben travelled this year?',
      'Which concerts have they been to?',
      'When did Priya move to Leeds?',
      'Who had the keys last?',
      'Would Ana enjoy a pottery class?',
      'Did Ben ever go to Lisbon?',
      'Is Priya likely to run another marathon?',
    ]) {
      expect(asksAboutDoing(q), q).toBe(true);
    }
  });
  it('is not a question about a state, a plan or an obligation, nor a statement', () => {
    for (const q of ["What is Ana's favourite colour?", 'Where does Ben work?', 'What do we have to bring on Friday?', 'Who is going to the wedding?', 'Ana did the dishes.']) {
      expect(asksAboutDoing(q), q).toBe(false);
    }
  });
});
