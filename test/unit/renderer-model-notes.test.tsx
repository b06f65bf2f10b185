// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineNotice } from '../../renderer/src/screens/chat/offline-notice.js';
import { FallbackNote } from '../../renderer/src/screens/settings/fallback-note.js';

afterEach(() => cleanup());

describe("what the window says about the model (issue 30)", () => {
  it('the offline banner offers a local model as well as an API key, both in Settings', () => {
    render(<OfflineNotice />);
    const note = screen.getByRole('note');
    expect(note.textContent).toMatch(/API key/);
    expect(note.textContent).toMatch(/Ollama/);
    expect(note.textContent).toMatch(/LM Studio/);
    expect(note.textContent).toContain('Settings → Model → OpenAI-compatible');
    expect(screen.getByRole('link').getAttribute('href')).toBe('#/settings');
  });

  it('Settings says how many batches fell back to the rules today, and why', () => {
    render(<FallbackNote fallbacks={{ today: 3, reason: 'the model did not call tools', last_at: '2025-03-10T12:00:00.000Z' }} />);
    expect(screen.getByRole('status').textContent).toContain('3 batches fell back to rules today: the model did not call tools.');
    cleanup();
    render(<FallbackNote fallbacks={{ today: 1, reason: null, last_at: null }} />);
    expect(screen.getByRole('status').textContent).toContain('1 batch fell back to rules today.');
  });
});
