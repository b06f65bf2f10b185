// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../../shared/api/index.js';
import { createApiClient } from '../../shared/api/index.js';
import { ApiProvider } from '../../renderer/src/lib/api-context.js';
import { StartAtLoginCard } from '../../renderer/src/screens/settings/start-at-login-card.js';

afterEach(() => cleanup());

function hostApi(host: { available: boolean; enabled: boolean; reason: string | null }): { api: ApiClient; calls: { name: string; input: unknown }[] } {
  const calls: { name: string; input: unknown }[] = [];
  const api = createApiClient({
    invoke: async (name, input): Promise<ApiResponse> => {
      calls.push({ name, input });
      if (name === 'app.setStartAtLogin') host.enabled = (input as { enabled: boolean }).enabled;
      return { ok: true, output: { ...host } };
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
});
