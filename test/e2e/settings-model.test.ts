import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LLM_SETTINGS } from '../../agents/llm/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { AppTab, openApp, pageErrors } from './screens.js';
import { startUiHarness, type UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/**
 * Settings → Model in headless Chromium against the HTTP host, with a fake OpenAI-compatible server
 * (a local Ollama as far as the real `openai` client can tell) on a real socket: provider, server
 * address, key (saved encrypted, shown masked), Test connection, model, and a chat answered through
 * what was set; offline; a move to Anthropic, and Anthropic's own Test connection (a fake Anthropic
 * API on a real socket); model placeholders that fit the server; an address set by the environment.
 * Each test starts from the model settings it names,
 * written to the store, in the app loaded anew (in the file's one tab, screens.ts AppTab): none
 * leans on another's clicks, so they run in any order.
 */

const SERVER_KEY = 'sk-local-e2e-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-e2e-settings-key-0123456789';

let browser: Browser;
let h: UiHarness;
let fake: FakeOpenAi;
let anthropic: FakeAnthropic;
let page: Page;
/** The file's one tab on h: each test loads the app anew in it. */
let tab: AppTab;

const text = (s: string) => h.store.settings.get(s, { safeParse: (v: unknown) => ({ success: typeof v === 'string', data: v as string }) } as never, '');
const nav = (name: RegExp) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
const result = () => page.getByTestId('connection-result');
type ModelSetting = keyof typeof LLM_SETTINGS;

/** The model settings a test starts from (every other one cleared), then the app loaded anew. */
async function startWith(settings: Partial<Record<ModelSetting, string>>): Promise<void> {
  for (const name of Object.keys(LLM_SETTINGS) as ModelSetting[]) {
    const value = settings[name];
    if (value === undefined) h.store.settings.delete(LLM_SETTINGS[name]);
    else h.store.settings.set(LLM_SETTINGS[name], value);
  }
  // Whose address and model names the saved ones are (the engine's own record, which a switch of
  // provider reads to decide what to clear): the provider the test starts from, as if the user set it up.
  if (settings.provider === 'openai' || settings.provider === 'anthropic') h.store.settings.set(LLM_SETTINGS.settingsServer, settings.provider);
  else h.store.settings.delete(LLM_SETTINGS.settingsServer);
  page = await tab.open();
}

const badge = () => page.locator('section[aria-labelledby="model-h"] .badge');

// env {}: a developer's own ANTHROPIC_API_KEY or OPENAI_API_KEY must not decide what the test sees.
uiForFile({ seed: false, env: {} }, async (ui) => {
  ({ browser, h, tab } = ui);
  fake = await startFakeOpenAi({ models: ['llama3.1:8b', 'qwen2.5:7b'] });
  fake.requireKey = SERVER_KEY;
  anthropic = await startFakeAnthropic({ models: ['claude-haiku-4-5', 'claude-opus-4-7', 'claude-sonnet-4-6'] });
  anthropic.requireKey = ANTHROPIC_KEY;
  h.store.memories.insert({ kind: 'semantic', title: 'Northwind launch', text: 'The Northwind launch is on Friday 14 November.', fields: { name: 'Northwind launch' } });
  return async () => {
    await fake.close();
    await anthropic.close();
  };
});

describe('Settings → Model', { timeout: 180_000 }, () => {
  it('sets up an OpenAI-compatible server: address, key, Test connection, model; chat then answers through it', async () => {
    await startWith({});
    await nav(/Settings/);
    await page.getByText('Anthropic API key').first().waitFor();
    await expect.poll(() => badge().textContent()).toBe('Offline mode');

    await page.getByRole('radiogroup', { name: 'Model provider' }).getByRole('radio', { name: 'OpenAI-compatible' }).click();
    await expect.poll(() => text(LLM_SETTINGS.provider)).toBe('openai');
    await page.getByLabel('Server address').fill(`${fake.url}/`);
    await page.getByLabel('Server address').press('Enter');
    await expect.poll(() => text(LLM_SETTINGS.baseUrl)).toBe(fake.url);

    // The server asks for a key and none is set: a real call, refused, said in one line.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result().textContent()).toMatch(/^\s*Could not connect: the API key was refused/);
    expect(await result().getAttribute('role')).toBe('alert');
    expect((await result().textContent())!.trim()).not.toContain('\n');

    // A key typed but not saved yet is tried as typed: the server lists its models, and its model
    // answers the tiny forced tool call (ping), so it can make memories.
    await page.getByLabel('Server API key').fill(SERVER_KEY);
    fake.setHandler((r) => (r.body.tools?.[0]?.function.name === 'ping' ? { toolUses: [{ name: 'ping', input: { ok: true } }] } : { text: 'ok' }));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result().textContent()).toContain(`Connected to 127.0.0.1:${new URL(fake.url).port}: 2 models available.`);
    expect(await result().getAttribute('role')).toBe('status');
    expect(fake.requests.some((r) => r.body.tools?.[0]?.function.name === 'ping')).toBe(true);

    // A model that answers in prose cannot call tools: a warning, the models still listed.
    fake.setHandler(() => ({ text: 'Sure, ping ok.' }));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result().textContent()).toContain('but this model does not call tools: memories will be made by the offline rules.');
    expect(await result().getAttribute('role')).toBe('alert');
    fake.setHandler(null);
    expect(await page.getByRole('list', { name: 'Models on the server' }).getByRole('listitem').allTextContents()).toEqual(['llama3.1:8b', 'qwen2.5:7b']);
    // The listed models become the model fields' suggestions.
    expect(await page.locator('#model-suggestions option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['llama3.1:8b', 'qwen2.5:7b']);
    expect(text(LLM_SETTINGS.openaiApiKey)).toBe('');

    // Saved: kept by the engine's secret store, shown masked, never echoed back in full.
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByTestId('masked-key').waitFor();
    const masked = (await page.getByTestId('masked-key').textContent())!;
    expect(masked).not.toContain(SERVER_KEY);
    expect(masked.length).toBeLessThan(SERVER_KEY.length);
    expect(await page.content()).not.toContain(SERVER_KEY);
    expect(await page.getByLabel('Server API key').count()).toBe(0);
    expect(text(LLM_SETTINGS.openaiApiKey)).toBe(SERVER_KEY);
    await expect.poll(() => badge().textContent()).toBe('Using a model');

    await page.getByLabel('Chat model').fill('qwen2.5:7b');
    await page.getByLabel('Chat model').press('Enter');
    await expect.poll(() => text(LLM_SETTINGS.chatModel)).toBe('qwen2.5:7b');

    // The chat now thinks with that server, that model and that key.
    fake.setHandler(() => ({ text: 'From the local model: the Northwind launch is on Friday [1].' }));
    // Only the chat's own requests below: Test connection's ping went to the server's first model.
    fake.requests.length = 0;
    await nav(/Chat/);
    await page.getByLabel('Ask about anything you have seen or said').fill('When is the Northwind launch?');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('assistant-message').last().textContent(), { timeout: 30_000 }).toContain('From the local model');
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((r) => r.body.model === 'qwen2.5:7b' && r.apiKey === SERVER_KEY)).toBe(true);
  });

  it('says in one line when the server cannot be reached', async () => {
    await startWith({ provider: 'openai', baseUrl: fake.url, openaiApiKey: SERVER_KEY });
    await nav(/Settings/);
    await page.getByLabel('Server address').fill('http://127.0.0.1:9/v1');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result().textContent()).toMatch(/^\s*Could not connect: cannot reach the model server\s*$/);
    expect(await result().getAttribute('role')).toBe('alert');
  });

  it("moving to Anthropic leaves the other server's address and models behind, and takes its own key", async () => {
    await startWith({ provider: 'openai', baseUrl: fake.url, openaiApiKey: SERVER_KEY, chatModel: 'qwen2.5:7b' });
    await nav(/Settings/);
    // The screen shows what the test started from (the card loads after the page).
    await expect.poll(() => page.getByLabel('Server address').inputValue()).toBe(fake.url);
    await page.getByRole('radio', { name: 'Anthropic' }).click();
    await expect.poll(() => text(LLM_SETTINGS.provider)).toBe('anthropic');
    // An Ollama address would be wrong as Anthropic's proxy, a qwen model wrong for Claude.
    expect(text(LLM_SETTINGS.baseUrl)).toBe('');
    expect(text(LLM_SETTINGS.chatModel)).toBe('');
    // The stored settings change first; the card shows them once the settings event reaches the page.
    await expect.poll(() => page.getByLabel('Server address').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Chat model').inputValue()).toBe('');

    await page.getByLabel('Anthropic API key').fill(ANTHROPIC_KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByTestId('masked-key').waitFor();
    expect(await page.getByTestId('masked-key').textContent()).not.toContain(ANTHROPIC_KEY);
    expect(await page.content()).not.toContain(ANTHROPIC_KEY);
    expect(text(LLM_SETTINGS.apiKey)).toBe(ANTHROPIC_KEY);
    // The other server's key stays saved for when the user comes back.
    expect(text(LLM_SETTINGS.openaiApiKey)).toBe(SERVER_KEY);
    await expect.poll(() => badge().textContent()).toBe('Using a model');
  });

  it('a change that arrives while a model name is being typed does not overwrite it', async () => {
    await startWith({ provider: 'openai', baseUrl: fake.url, openaiApiKey: SERVER_KEY, chatModel: 'qwen2.5:7b' });
    await nav(/Settings/);
    const chat = page.getByLabel('Chat model');
    await expect.poll(() => chat.inputValue()).toBe('qwen2.5:7b');
    await chat.fill('llama3.1:8b');
    // Another client (or the late answer to an earlier save) changes both model names meanwhile.
    const r = await fetch(`${h.base}/api/call`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'settings.update', input: { patch: { models: { chat_model: 'other-model', extraction_model: 'other-memory-model' } } } }),
    });
    expect(((await r.json()) as { ok: boolean }).ok).toBe(true);
    // The untouched field follows the change: the page has it.
    await expect.poll(() => page.getByLabel('Memory model').inputValue()).toBe('other-memory-model');
    expect(await chat.inputValue()).toBe('llama3.1:8b');
    await chat.press('Enter');
    await expect.poll(() => text(LLM_SETTINGS.chatModel)).toBe('llama3.1:8b');
  });

  it("Anthropic: Test connection asks Anthropic's API (here a fake on a real socket) for its models, with the key as typed", async () => {
    await startWith({ provider: 'anthropic' });
    await nav(/Settings/);
    await page.getByLabel('Server address').fill(anthropic.url);
    await page.getByLabel('Server address').press('Enter');
    await expect.poll(() => text(LLM_SETTINGS.baseUrl)).toBe(anthropic.url);

    // No key anywhere: said without a call.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result().textContent()).toMatch(/^\s*No Anthropic API key is set\.\s*$/);
    expect(await result().getAttribute('role')).toBe('alert');

    // A wrong key: a real call, refused, in one line.
    await page.getByLabel('Anthropic API key').fill('sk-ant-wrong-key-0000000000');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result().textContent()).toMatch(/^\s*Could not connect: /);
    expect(await result().getAttribute('role')).toBe('alert');
    expect((await result().textContent())!.trim()).not.toContain('\n');

    // The right key, typed and not saved: the models Anthropic lists, as suggestions too.
    await page.getByLabel('Anthropic API key').fill(ANTHROPIC_KEY);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result().textContent()).toContain(`Connected to 127.0.0.1:${anthropic.port}: 3 models available.`);
    expect(await result().getAttribute('role')).toBe('status');
    expect(await page.getByRole('list', { name: 'Models on the server' }).getByRole('listitem').allTextContents()).toEqual(['claude-haiku-4-5', 'claude-opus-4-7', 'claude-sonnet-4-6']);
    expect(text(LLM_SETTINGS.apiKey)).toBe('');
    // Claude's names, never a local server's, in the model fields.
    expect(await page.getByLabel('Chat model').getAttribute('placeholder')).toMatch(/^claude-/);
  });

  it('model placeholders fit the server: a local one names its own first model, OpenAI its own', async () => {
    await startWith({ provider: 'openai', baseUrl: fake.url, openaiApiKey: SERVER_KEY });
    await nav(/Settings/);
    // A local server is asked for its models by itself; an empty field means the first one.
    await expect.poll(() => page.getByLabel('Chat model').getAttribute('placeholder')).toBe('llama3.1:8b');
    expect(await page.getByLabel('Memory model').getAttribute('placeholder')).toBe('the chat model (llama3.1:8b)');
    expect(await page.getByLabel('Chat model').getAttribute('placeholder')).not.toMatch(/gpt/);

    // OpenAI's own API (no address): OpenAI's names.
    await startWith({ provider: 'openai', openaiApiKey: SERVER_KEY });
    await nav(/Settings/);
    await expect.poll(() => page.getByLabel('Chat model').getAttribute('placeholder')).toMatch(/^gpt-/);
  });

  it('offline: no model is called, whatever keys are saved (both are)', async () => {
    await startWith({ provider: 'openai', baseUrl: fake.url, openaiApiKey: SERVER_KEY, apiKey: ANTHROPIC_KEY, chatModel: 'qwen2.5:7b' });
    fake.setHandler(() => ({ text: 'From the local model: the Northwind launch is on Friday [1].' }));
    await nav(/Settings/);
    await expect.poll(() => badge().textContent()).toBe('Using a model');
    await page.getByRole('radio', { name: 'Offline' }).click();
    await page.getByTestId('offline-note').waitFor();
    await expect.poll(() => text(LLM_SETTINGS.provider)).toBe('offline');
    await expect.poll(() => badge().textContent()).toBe('Offline mode');
    expect(text(LLM_SETTINGS.openaiApiKey)).toBe(SERVER_KEY);
    expect(text(LLM_SETTINGS.apiKey)).toBe(ANTHROPIC_KEY);

    const calls = fake.requests.length;
    await nav(/Chat/);
    await page.getByRole('note').filter({ hasText: 'Offline mode' }).waitFor();
    await page.getByLabel('Ask about anything you have seen or said').fill('When is the Northwind launch again?');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('assistant-message').last().textContent(), { timeout: 30_000 }).toContain('14 November');
    expect(await page.getByTestId('assistant-message').last().textContent()).not.toContain('From the local model');
    expect(fake.requests.length).toBe(calls);
    expect(pageErrors()).toEqual([]);
  });
});

describe('Settings → Model with $ENGRAM_LLM_BASE_URL set', { timeout: 180_000 }, () => {
  let envHost: UiHarness | null = null;
  let envPage: Page | null = null;
  afterAll(async () => {
    await envPage?.context().close();
    await envHost?.close();
  });

  it("shows the environment's address in the address field, as the environment's choice", async () => {
    envHost = await startUiHarness({ seed: false, env: { ENGRAM_LLM_BASE_URL: `${fake.url}/` } });
    // Another host: a context of its own.
    page = envPage = await openApp(browser, envHost);
    await nav(/Settings/);
    // The provider and the address are the environment's, nothing saved.
    await expect.poll(() => page.getByRole('radio', { name: 'OpenAI-compatible' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => page.getByLabel('Server address').inputValue()).toBe(fake.url);
    expect(await page.getByTestId('base-url-env').textContent()).toContain('ENGRAM_LLM_BASE_URL');
    // Leaving the field as shown saves nothing; the server is the one tested.
    await page.getByLabel('Server address').press('Enter');
    expect(envHost.store.settings.get(LLM_SETTINGS.baseUrl, { safeParse: (v: unknown) => ({ success: typeof v === 'string', data: v as string }) } as never, '')).toBe('');
    await page.getByLabel('Server API key').fill(SERVER_KEY);
    fake.setHandler(() => ({ toolUses: [{ name: 'ping', input: { ok: true } }] }));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result().textContent()).toContain(`Connected to 127.0.0.1:${new URL(fake.url).port}: 2 models available.`);
    fake.setHandler(null);

    // An address saved here takes the environment's place.
    await page.getByLabel('Server address').fill('http://127.0.0.1:9/v1');
    await page.getByLabel('Server address').press('Enter');
    await expect.poll(() => envHost!.store.settings.get(LLM_SETTINGS.baseUrl, { safeParse: (v: unknown) => ({ success: typeof v === 'string', data: v as string }) } as never, '')).toBe('http://127.0.0.1:9/v1');
    await expect.poll(() => page.getByTestId('base-url-env').count()).toBe(0);
    expect(pageErrors()).toEqual([]);
  });
});
