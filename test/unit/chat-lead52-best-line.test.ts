import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenMemory, screenPassage } from '../helpers/screen-memory.js';

// Screens made up for lead52, apart from the benchmark days and from the scoring set
// (chat-lead52-set): the last look before "I don't know", and the near misses it must leave alone.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-04T09:00:00.000Z';
const lead = (q: string, text: string, title: string, kind: 'lines' | 'paragraph' | 'code' = 'lines') => factSentence(q, screenMemory(kind, text, title, AT, { fullSnippet: true }), fmt);
const first = (q: string, text: string, title: string, kind: 'lines' | 'paragraph' | 'code' = 'lines') => lead(q, text, title, kind)?.text ?? '';

describe('the evidence line that answers is stated, when every reader before it missed it', () => {
  const plan = ['Roadmap notes', 'Launch the beta in early March; move the old accounts over by end of May.', 'Hire a second designer after the seed round.'].join('\n');

  it('a month is a "when" a plan gives without a day', () => {
    const f = lead('When are we launching the beta?', plan, 'Roadmap — Notion', 'paragraph');
    expect(f?.known).toBe(true);
    expect(f?.text).toMatch(/^[^\n]*early March/);
    expect(f?.text).not.toMatch(/^[^\n]*May/);
  });

  it('not for a thing the plan never names, nor a sibling deed', () => {
    // The mobile app is named nowhere: neither month is its launch.
    expect(first('When do we launch the mobile app?', plan, 'Roadmap — Notion', 'paragraph')).not.toMatch(/March|May/);
    // A month only for the deed the question names, in its own clause: not the other clause's.
    const move = first('When is the old accounts move due?', plan, 'Roadmap — Notion', 'paragraph');
    expect(move).toMatch(/^[^\n]*May/);
    expect(move).not.toMatch(/March/);
  });

  it('a line that says the question\'s verb its own way (dark terminal)', () => {
    const term = ['$ git fetch origin', '$ git switch -c fix/search-timeout', "Switched to a new branch 'fix/search-timeout'", '$ npm test -- search'].join('\n');
    expect(first('Which branch did I create for the search timeout fix?', term, 'dev@box: ~/app — zsh', 'code')).toMatch(/^[^\n]*fix\/search-timeout/);
    // No branch line for the asked fix: none stated.
    expect(first('Which branch did I create for the login bug?', term, 'dev@box: ~/app — zsh', 'code')).not.toMatch(/fix\/search-timeout/);
  });
});

describe('how often is no answer to "when" of another deed', () => {
  it('a care page: feeding every two weeks is not when to prune', () => {
    const roses = ['Roses', 'Feed the roses every two weeks in summer and water them deeply.'].join('\n');
    expect(first('When should I prune the roses?', roses, 'Rose care — Garden wiki', 'paragraph')).not.toMatch(/every two weeks/i);
    // The deed the frequency is said of is still answered by it.
    expect(first('When should I be feeding the roses?', roses, 'Rose care — Garden wiki', 'paragraph')).toMatch(/^Every two weeks/);
  });
});

describe('the old value and the new one of a thing are siblings', () => {
  const form = ['Update your details', 'Previous mobile: 07700 900111', 'New mobile: 07700 900999', 'Email: r.singh@example.org'].join('\n');
  it('states the one asked, not the other', () => {
    expect(first('What is my new mobile number?', form, 'My account — Telco')).toMatch(/^[^\n]*900999/);
    expect(first('What was my old mobile number?', form, 'My account — Telco')).toMatch(/^[^\n]*900111/);
    expect(first('What was my old mobile number?', form, 'My account — Telco')).not.toMatch(/^[^\n]*900999/);
  });

  it('a page with the new value only does not answer the old one (Spanish form too)', () => {
    const moved = ['Cambio de domicilio', 'Nueva dirección: Calle Mayor 12, 28013 Madrid', 'Fecha: 2 de febrero de 2027'].join('\n');
    expect(first('What was my previous address?', moved, 'Ayuntamiento — Trámites')).not.toMatch(/Mayor 12/);
  });
});

describe('a number whose owner the page never names is no guess', () => {
  it("the plumber's number is not the vet's", () => {
    const vet = ['Paws & Claws Veterinary', "Bella's booster is due on 14 January.", 'To rebook call 0117 496 0321.'].join('\n');
    const f = lead("What's the plumber's phone number?", vet, 'Reminder — Paws & Claws', 'paragraph');
    expect(f?.text ?? '').not.toMatch(/0321/);
  });

  it("the owner said on the page: the number stands", () => {
    const card = browsedScreen('Contacts — Dripfix', AT, [screenPassage('Dripfix Plumbing — your plumber Sam Okoro', 'Contacts — Dripfix', 4, AT), screenPassage('Mobile: 07700 900123', 'Contacts — Dripfix', 4, AT)]);
    expect(factSentence("What's the plumber's phone number?", card, fmt)?.text ?? '').toMatch(/^[^\n]*900123/);
  });
});
