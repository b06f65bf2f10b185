import { describe, expect, it } from 'vitest';
import { extractTopics } from '../../agents/chat/index.js';
import type { LlmProvider, LlmRequest } from '../../agents/llm/index.js';

/**
 * The topics call sends the user's question to the model before the answer's prompt is built
 * (redteam56: the trust bench, reading every request to the model, found a key prefix, an account
 * number, a database password and an authenticator seed typed in questions sent here in clear). Its
 * question goes without them, as every prompt; the words to search by stay.
 */
function recording(): { llm: LlmProvider; sent: LlmRequest[] } {
  const sent: LlmRequest[] = [];
  const llm = {
    online: true,
    name: 'recording',
    models: { chat: 'm', extraction: 'm' },
    complete: async (req: LlmRequest) => {
      sent.push(req);
      return { text: '{"topics": ["builder payment"]}' };
    },
    stream: async () => {
      throw new Error('not used');
    },
  } as unknown as LlmProvider;
  return { llm, sent };
}

describe('the topics call', () => {
  it('sends the question without its secrets', async () => {
    const { llm, sent } = recording();
    const question = 'did the plumber get paid from account 55779911 at sort code 40-11-62, and is ghp_Rt6Yp1Ls4Kd7Hf0Gj2Nv5Bx9CcQwErTyUi2 still the CI token?';
    expect(await extractTopics(llm, question)).toEqual(['builder payment']);
    const text = JSON.stringify(sent);
    expect(text).not.toContain('55779911');
    expect(text).not.toContain('ghp_Rt6Yp1Ls4Kd7Hf0Gj2Nv5Bx9CcQwErTyUi2');
    expect(text).toContain('plumber');
  });

  it('a question with no secret goes as it was asked', async () => {
    const { llm, sent } = recording();
    await extractTopics(llm, 'what did Ana say about the Lisbon move?');
    expect(JSON.stringify(sent[0]!.messages)).toContain('what did Ana say about the Lisbon move?');
  });
});
