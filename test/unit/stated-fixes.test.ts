/**
 * "Doing X fixed Y": an experience the user reports with the action as the sentence's subject
 * (issue 35's missed how-to). Written apart from the precision bench's conversations: other fixes,
 * other words, and sentences that look alike but report no fix.
 */
import { describe, expect, it } from 'vitest';
import { extractGraph } from '../../agents/graph/index.js';
import { statedExperiences } from '../../agents/procedural/index.js';
import { BatchAnalysis } from '../../agents/subagent-kit/index.js';

function said(...turns: Array<[role: 'user' | 'assistant', text: string]>): Array<[string, string, string]> {
  const messages = turns.map(([role, text], i) => ({ id: `m${i}`, thread_id: 't', role, text, raw: { role, content: text }, created_at: 1000 + i, processed_at: null, status: 'done' }));
  const a = new BatchAnalysis({ type: 'messages', messages, thread: { id: 't', title: 'Notes' } } as never);
  return statedExperiences(a).map((e) => [e.task, e.action, e.outcome]);
}

describe('an action that fixed something, told as the subject', () => {
  it('reads "Doing X fixed Y" as a success, the gerund phrase as the action', () => {
    expect(said(['user', 'Pinning node to 20.11 in the build image fixed the nightly crash.'])).toEqual([['fix the nightly crash', 'Pinning node to 20.11 in the build image', 'success']]);
    expect(said(['user', 'We tried everything. Disabling IPv6 on the router finally solved the wifi drop-outs!'])).toEqual([['fix the wifi drop-outs', 'Disabling IPv6 on the router', 'success']]);
    expect(said(['user', 'How do I stop the Docker build timing out?'], ['assistant', 'Raise the timeout.'], ['user', 'Adding --network=host to docker build got rid of the timeouts. Cheers'])).toEqual([
      ['fix the timeouts', 'Adding --network=host to docker build', 'success'],
    ]);
  });

  it('finds none where nothing was done, nothing was fixed, or the assistant says it', () => {
    expect(said(['user', 'Nothing fixed the leak under the sink.'])).toEqual([]);
    expect(said(['user', 'Setting up the new office took all week.'])).toEqual([]);
    expect(said(['user', 'Spring cleaning stopped being fun years ago.'])).toEqual([]);
    expect(said(['assistant', 'Restarting the service fixed the stale cache.'])).toEqual([]);
  });
});

describe('a setting in a fix is no name', () => {
  it('the value of KEY=VALUE is no entity; the people beside it stay', () => {
    const names = extractGraph({ id: 'm1', kind: 'procedural', title: 'fix the nightly crash', text: 'Running the suite with LOG_LEVEL=DEBUG and TZ=GMT fixed the nightly crash, Hannah Cole said.', fields: {}, at: 0 }).entities.map((e) => e.name);
    expect(names).toContain('Hannah Cole');
    for (const v of ['DEBUG', 'GMT']) expect(names, v).not.toContain(v);
  });
});
