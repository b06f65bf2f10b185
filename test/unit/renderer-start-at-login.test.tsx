// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../../shared/api/index.js';
import { createApiClient } from '../../shared/api/index.js';
import { ApiProvider } from '../../renderer/src/lib/api-context.js';
import { StartAtLoginCard } from '../../renderer/src/screens/settings/start-at-login-card.js';

afterEach(() => cleanup());

type Host = { available: boolean; enabled: boolean; reason: string | null; attention?: { text: string; action: 'open_login_items' | 'open_startup_apps' | null } | null };

function hostApi(host: Host): { api: ApiClient; calls: { name: string; input: unknown }[] } {
  const calls: { name: string; input: unknown }[] = [];
  const api = createApiClient({
    invoke: async (name, input): Promise<ApiResponse> => {
      calls.push({ name, input });
      if (name === 'app.openLoginItems') return { ok: true, output: { opened: true } };
      if (name === 'app.setStartAtLogin') host.enabled = (input as { enabled: boolean }).enabled;
      return { ok: true, output: { attention: null, ...host } };
    },
    on: () => () => undefined,
  });
  return { api, calls };
}

describe('Settings: start Engram when I log in (issue 29, item 10)', () => {
  it('the desktop app turns it off after consent turned it on', async () => {
    const { api, calls } = hostApi({ available: true, enabled: true, reason: null });
    render(
      <ApiProvider api={api}>
        <StartAtLoginCard />
      </ApiProvider>,
    );
    const sw = await screen.findByRole('switch', { name: 'Start Engram when I log in' });
    expect(sw.getAttribute('aria-checked')).toBe('true');
    expect((sw as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(sw);
    });
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('false'));
    expect(calls.at(-1)).toEqual({ name: 'app.setStartAtLogin', input: { enabled: false } });
  });

  it('another host shows it disabled and says why', async () => {
    const { api } = hostApi({ available: false, enabled: false, reason: 'Only the desktop app can start when you log in.' });
    render(
      <ApiProvider api={api}>
        <StartAtLoginCard />
      </ApiProvider>,
    );
    const sw = await screen.findByRole('switch', { name: 'Start Engram when I log in' });
    expect((sw as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Only the desktop app can start when you log in.')).toBeTruthy();
  });

  it('macOS waiting for approval: the card says so, with a button that opens Login Items', async () => {
    const text = 'Start at login needs your approval in System Settings → General → Login Items: turn Engram on there.';
    const { api, calls } = hostApi({ available: true, enabled: true, reason: null, attention: { text, action: 'open_login_items' } });
    render(
      <ApiProvider api={api}>
        <StartAtLoginCard />
      </ApiProvider>,
    );
    expect(await screen.findByText(text)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open Login Items' }));
    });
    expect(calls.at(-1)).toEqual({ name: 'app.openLoginItems', input: {} });
  });

  it('Windows with the entry off in Task Manager: the switch is off and the way to Startup apps is there', async () => {
    const text = 'Windows will not start Engram at login: it is turned off in Task Manager → Startup apps (or Settings → Apps → Startup). Turn it on there.';
    const { api } = hostApi({ available: true, enabled: false, reason: null, attention: { text, action: 'open_startup_apps' } });
    render(
      <ApiProvider api={api}>
        <StartAtLoginCard />
      </ApiProvider>,
    );
    const sw = await screen.findByRole('switch', { name: 'Start Engram when I log in' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Startup apps' })).toBeTruthy();
  });
});
