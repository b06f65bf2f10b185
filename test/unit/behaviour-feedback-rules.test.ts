import { describe, expect, it } from 'vitest';
import { feedbackFromText } from '../../agents/behaviour/index.js';

// Written as users put things, not in the rules' own shapes: paraphrases that must count, and
// near misses (questions, statements about the world, praise, reminders) that must not.
const topics = (text: string, afterAnswer = true) => feedbackFromText(text, afterAnswer).map((f) => `${f.kind}:${f.topic}:${f.stance}`);

describe('feedback rules: what counts as feedback on answers', () => {
  it.each([
    ['too long', 'explicit:length:against'],
    ['Way too long.', 'explicit:length:against'],
    ["that's far too wordy", 'explicit:length:against'],
    ['Your answers are getting too long', 'explicit:length:against'],
    ['tl;dr', 'explicit:length:against'],
    ['could you keep it shorter next time?', 'explicit:length:against'],
    ['pls be more concise', 'explicit:length:against'],
    ['get to the point', 'explicit:length:against'],
    ['stop rambling', 'explicit:length:against'],
    ["Don't use bullet points.", 'explicit:bullets:against'],
    ['please stop giving me bulleted lists', 'explicit:bullets:against'],
    ['no more bullets', 'explicit:bullets:against'],
    ['Write in full sentences', 'explicit:bullets:against'],
    ['I hate these bullet lists', 'explicit:bullets:against'],
    ['always give me the command first', 'explicit:command_first:for'],
    ['Just lead with the command, explain afterwards.', 'explicit:command_first:for'],
    ['Put the code at the top please', 'explicit:command_first:for'],
    ['bottom line first', 'explicit:answer_first:for'],
    ['skip the preamble', 'explicit:answer_first:for'],
    ['That was too short.', 'explicit:length:for'],
    ['give me more detail', 'explicit:length:for'],
    ['Please use bullet points', 'explicit:bullets:for'],
    ['I prefer bullet points', 'explicit:bullets:for'],
    ['no emojis please', 'explicit:emoji:against'],
    ['stop apologizing', 'explicit:apologies:against'],
    ["don't use tables", 'explicit:tables:against'],
    ['less jargon', 'explicit:jargon:against'],
    ['explain it like im five', 'explicit:jargon:against'],
  ])('%j is feedback (%s)', (text, expected) => {
    expect(topics(text)).toContain(expected);
  });

  it.each([
    'bullet points are great',
    'Bullet points are great in slides, can you draft three for my deck?',
    'how long did I spend on the Q3 deck?',
    'is this too long?',
    'Was the standup too long yesterday?',
    'the meeting was too long',
    'the movie was way too long honestly',
    'I use bullet points in my notes',
    "I don't know which bullet points to put on slide 4",
    "don't forget to buy milk",
    'I always forget where I parked',
    'never mind',
    'what command did I run to restart nginx?',
    'give me an example of a cron line',
    'Shorter meetings would be nice',
    'Can you list the people I met on Monday?',
  ])('%j is not feedback', (text) => {
    expect(topics(text)).toEqual([]);
  });

  it('a standing instruction no topic knows is kept in the user’s words', () => {
    const [f] = feedbackFromText('From now on, always mention the file path in your answers.', true);
    expect(f).toMatchObject({ kind: 'explicit', stance: 'for' });
    expect(f!.instruction).toMatch(/^Always mention the file path in your answers\.?$/);
    const [g] = feedbackFromText('Never summarise my emails for me.', true);
    expect(g).toMatchObject({ stance: 'against' });
  });

  it('corrections: only in reply to an answer, not thanks or new questions', () => {
    expect(topics('No, it was Tuesday, not Monday.')).toEqual(['correction:accuracy:for']);
    expect(topics("That's wrong. Ana approved it.")).toEqual(['correction:accuracy:for']);
    expect(topics('actually it was the staging server')).toEqual(['correction:accuracy:for']);
    expect(topics('No, it was Tuesday.', false)).toEqual([]);
    expect(topics('No thanks, that is all.')).toEqual([]);
    expect(topics('no worries')).toEqual([]);
    expect(topics('Actually, what about Wednesday?')).toEqual([]);
    expect(topics('Wrong answer? Who said so?')).toEqual([]);
  });

  it('one message can carry several directives, each once', () => {
    expect(topics("Too long. And don't use bullet points. Too long!").sort()).toEqual(['explicit:bullets:against', 'explicit:length:against']);
  });
});
