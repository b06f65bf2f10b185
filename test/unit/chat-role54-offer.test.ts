import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';
import { chatTurns } from '../../agents/chat/chat-turns.js';

// Group chats made up for this test, apart from the benchmark days: an allotment group, a family
// group, a five-a-side team. The store joins a chat's short lines into passages, so one passage holds
// several bubbles ("… Friday night Gemma 18:06 legend"); who takes a thing on is the writer of the
// bubble that offers it, not the one who asked for it, and no one when no one offered.
const AT = '2026-11-20T10:00:00.000Z';
const ask = (q: string, title: string, text: string) => statedLead(askPage(q, title, text, AT));

const allotment = `Allotment crew
Gemma 18:02
we need a trailer for the compost on Saturday, anyone?
Rob 18:05
I'll bring the trailer, can pick it up Friday night
Gemma 18:06
legend`;

const family = `Family
Anna 20:11
Does anyone have the kids Saturday? I'm at work till 4
Mike 20:15
I can take the kids Saturday morning
Anna 20:16
thank you!!`;

const football = `Thursday 5-a-side
Priya 19:40
Who's got the bibs this week? Need someone to wash them
Tom 19:42
not me, away till Sunday sorry
Dev 19:45
what time is kick off again`;

describe('who takes a thing on in a group chat whose bubbles the store joined', () => {
  it('reads each bubble of a joined passage as its own turn', () => {
    const turns = chatTurns(['Allotment crew Gemma 18:02 we need a trailer for the compost on Saturday, anyone?', "Rob 18:05 I'll bring the trailer, can pick it up Friday night Gemma 18:06 legend"]);
    expect(turns.filter((t) => t.writer).map((t) => `${t.writer} ${t.at}`)).toEqual(['Gemma 18:02', 'Rob 18:05', 'Gemma 18:06']);
  });

  it('names the one who offers, asked in other words, not the one who asked', () => {
    expect(ask('Who is bringing the trailer on Saturday?', 'Allotment crew — WhatsApp', allotment)).toMatch(/^Rob \(18:05\)/);
    expect(ask('Who can take the kids on Saturday?', 'Family — Messages', family)).toMatch(/^Mike \(20:15\)/);
  });

  it('names no one when the only reply declines', () => {
    expect(ask('Who is washing the bibs this week?', 'Thursday 5-a-side — WhatsApp', football)).not.toMatch(/^(?:Tom|Priya|Dev)\b/);
  });

  it('keeps a name a sentence leads into inside its sentence', () => {
    const turns = chatTurns(['Team Lena 09:10 can you meet with Anna 10:30 tomorrow about the stand? Marek 09:12 sure']);
    expect(turns.filter((t) => t.writer).map((t) => t.writer)).toEqual(['Lena', 'Marek']);
  });
});
