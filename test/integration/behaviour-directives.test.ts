import { describe, expect, it } from 'vitest';
import { type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { BehaviourKeeper, SYNTHESIS_ACTIVE_DAYS } from '../../agents/behaviour/index.js';
import { buildPrompt, DEFAULT_BUDGET } from '../../agents/chat/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

describe('behavioural directives offline: feedback → directives → prompt', () => {
  let store: EngramStore;
  let now: number;
  let keeper: BehaviourKeeper;

  tempStoreEachTest('engram-behaviour-', (t) => {
    store = t.store;
    now = T0;
    keeper = new BehaviourKeeper(store, () => new OfflineProvider(), { now: () => now, timeZone: 'UTC' });
  });

  /** The user accepts every proposal (the window's Accept). */
  const acceptAll = () => {
    for (const d of store.directives.list('proposed')) store.directives.accept(d.id, now);
  };

  /** A conversation: alternate user / assistant texts, a minute apart. */
  function talk(texts: string[], at = now): { thread: string; ids: string[] } {
    const t = store.threads.create('t', at);
    const ids = texts.map((text, i) => store.messages.insert({ thread_id: t.id, role: i % 2 === 0 ? 'user' : 'assistant', text, raw: {}, created_at: at + i * 60_000 }).id);
    return { thread: t.id, ids };
  }

  it('reads closed segments only, makes directives with evidence, retires contradicted ones, and keeps deleted ones deleted', async () => {
    const a = talk(['how do I restart nginx?', 'Nginx is a web server first released in 2004 … (long story) … sudo systemctl restart nginx', "Too long. Always give me the command first, and don't use bullet points.", 'sudo systemctl restart nginx']);
    // Still open (quiet for less than 10 minutes): not read yet.
    now = T0 + 5 * 60_000;
    expect(await keeper.readSegments()).toBe(0);
    now = T0 + 30 * 60_000;
    expect(await keeper.readSegments()).toBe(3);
    expect(await keeper.readSegments()).toBe(0); // read once

    const r1 = await keeper.synthesize();
    expect(r1.mode).toBe('offline');
    // New directives are proposals: none shapes answers until the user accepts it.
    expect(store.directives.list('proposed').map((d) => d.text)).toHaveLength(3);
    expect(store.directives.list()).toEqual([]);
    acceptAll();
    const texts = () => store.directives.list().map((d) => d.text);
    expect(texts()).toEqual(['Keep answers short: a few sentences, no padding.', 'Give the command first, then any explanation.', "Write in plain sentences; don't use bullet points."]);
    const bullets = store.directives.list().find((d) => d.topic === 'bullets')!;
    const why = store.directives.evidence(bullets.id);
    expect(why).toHaveLength(1);
    expect(why[0]).toMatchObject({ message_id: a.ids[2], answer_id: a.ids[1], kind: 'explicit', source: 'rules' });
    expect(why[0]!.quote).toMatch(/don't use bullet points/);

    // Re-running with nothing new changes nothing.
    const again = await keeper.synthesize();
    expect(again.created).toEqual([]);
    expect(again.retired).toEqual([]);
    expect(texts()).toHaveLength(3);

    // Newer feedback contradicts the bullets directive: it is retired (kept, with the reason) and replaced.
    now = T0 + DAY;
    talk(['list my meetings today', 'You had a standup and a 1:1 with Ana.', 'please use bullet points for lists like that'], now);
    now += 30 * 60_000;
    const r2 = await keeper.synthesize();
    expect(r2.retired).toEqual([bullets.id]);
    expect(store.directives.get(bullets.id)).toMatchObject({ status: 'retired' });
    expect(store.directives.get(bullets.id)!.retired_reason).toMatch(/contradicted by newer feedback/);
    expect(store.directives.list('proposed').map((d) => d.text)).toEqual(['Use bullet points for lists of items.']);
    acceptAll();
    expect(texts()).toContain('Use bullet points for lists of items.');

    // Deleting a directive keeps it deleted: the same evidence never makes it again.
    const short = store.directives.list().find((d) => d.topic === 'length')!;
    expect(store.directives.delete(short.id, now)).toBe(true);
    await keeper.synthesize();
    await keeper.synthesize();
    expect(store.directives.list().some((d) => d.topic === 'length')).toBe(false);
    // New feedback may make it again, from the new evidence only.
    now += DAY;
    const b = talk(['what did Ana say?', 'Ana said many things, here is a long recap …', 'still too long'], now);
    now += 30 * 60_000;
    await keeper.synthesize();
    acceptAll();
    const back = store.directives.list().find((d) => d.topic === 'length')!;
    expect(store.directives.evidence(back.id).map((f) => f.message_id)).toEqual([b.ids[2]]);

    // The user's edit is kept through synthesis; the prompt carries the directives in their own section.
    store.directives.edit(back.id, 'Two sentences at most.', now);
    await keeper.synthesize();
    expect(store.directives.get(back.id)!.text).toBe('Two sentences at most.');
  });

  it('thumbs make a directive only through counts: three thumbs down on long answers, thumbs up on short ones', async () => {
    const long = 'word '.repeat(200).trim();
    const c = talk(['q1', long, 'q2', long, 'q3', long, 'q4', 'Short answer.', 'q5', 'Also short.']);
    store.feedback.setThumb(c.ids[1]!, 'down', now);
    store.feedback.setThumb(c.ids[3]!, 'down', now);
    now += 60_000;
    expect((await keeper.synthesize()).created).toEqual([]); // two are not enough
    store.feedback.setThumb(c.ids[5]!, 'down', now);
    store.feedback.setThumb(c.ids[7]!, 'up', now);
    store.feedback.setThumb(c.ids[9]!, 'up', now);
    const r = await keeper.synthesize();
    expect(r.created).toHaveLength(1);
    const d = store.directives.get(r.created[0]!)!;
    expect(d).toMatchObject({ topic: 'length', stance: 'against' });
    expect(d.evidence).toHaveLength(5);
    // Thumbs up on long answers and down on short ones would not have made it.
    store.feedback.setThumb(c.ids[1]!, 'up', now + 1);
    expect(store.feedback.thumbs(c.thread).filter((t) => t.value === 'down')).toHaveLength(2);
  });

  it('synthesises by itself after 7 active-use days, not after 7 calendar days of silence', async () => {
    let t = T0;
    now = t;
    expect(await keeper.tick()).toBeNull();
    // Seven quiet calendar days with one day of use: not due.
    talk(['too long'], t);
    now = t + 8 * DAY;
    expect(keeper.activeDays()).toBe(1);
    expect(await keeper.tick()).toBeNull();
    for (let d = 1; d < SYNTHESIS_ACTIVE_DAYS; d++) talk([`question on day ${d}`], t + 8 * DAY + d * DAY);
    now = t + 8 * DAY + SYNTHESIS_ACTIVE_DAYS * DAY + 3_600_000;
    expect(keeper.activeDays()).toBe(SYNTHESIS_ACTIVE_DAYS);
    const report = await keeper.tick();
    expect(report).not.toBeNull();
    expect(keeper.lastSynthesis()).toBe(now);
    expect(keeper.activeDays()).toBe(0);
    t = now;
    // The tick checks at most every 10 minutes.
    expect(await keeper.tick()).toBeNull();
  });

  it('the chat prompt carries active directives in their own section and says whose voice memories are in', () => {
    const f = () => ({ now: () => 'now', span: () => 'span', timeZone: 'UTC' });
    const p = buildPrompt({
      question: 'what did I do?',
      history: [],
      core: [],
      candidates: [],
      withheldCount: 0,
      timeRange: null,
      now: T0,
      fmt: f() as never,
      budget: DEFAULT_BUDGET,
      directives: ['Give the command first, then any explanation.', 'Keep answers short.'],
    });
    expect(p.system).toMatch(/How this user wants answers[^\n]*\n- Give the command first, then any explanation\.\n- Keep answers short\./);
    expect(p.system).toMatch(/"I" in a memory is the user, never you/);
    const none = buildPrompt({ question: 'q', history: [], core: [], candidates: [], withheldCount: 0, timeRange: null, now: T0, fmt: f() as never, budget: DEFAULT_BUDGET });
    expect(none.system).not.toMatch(/How this user wants answers/);
  });
});
