// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiResponse, EntityHistoryEntry, MemoryHistoryEntry } from '../../shared/api/index.js';
import { createApiClient } from '../../shared/api/index.js';
import { ApiProvider } from '../../renderer/src/lib/api-context.js';
import { SessionGate } from '../../renderer/src/app/session-gate.js';
import { ConsentCard } from '../../renderer/src/screens/privacy/consent-card.js';
import { ExclusionsCard } from '../../renderer/src/screens/privacy/exclusions-card.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { EntityHistory } from '../../renderer/src/screens/entities/entity-history.js';
import { MemoryHistory } from '../../renderer/src/screens/memories/memory-history.js';
import { AnswerText } from '../../renderer/src/screens/chat/answer-text.js';
import { ForgetDialog } from '../../renderer/src/screens/timeline/forget-dialog.js';
import type { DayItem } from '../../renderer/src/screens/timeline/timeline-model.js';
import { ItemRow } from '../../renderer/src/screens/timeline/timeline-row.js';
import { Dialog } from '../../renderer/src/ui/dialog.js';
import { Switch } from '../../renderer/src/ui/switch.js';
import { VirtualList } from '../../renderer/src/ui/virtual-list.js';

beforeAll(() => {
  // jsdom has no layout engine: a no-op observer is enough for components that watch their size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => cleanup());

function fakeApi(answers: Record<string, (input: unknown) => unknown>): { api: ApiClient; calls: { name: string; input: unknown }[] } {
  const calls: { name: string; input: unknown }[] = [];
  const api = createApiClient({
    invoke: async (name, input): Promise<ApiResponse> => {
      calls.push({ name, input });
      const f = answers[name];
      return f ? { ok: true, output: f(input) } : { ok: false, error: { code: 'UNAVAILABLE', message: `no ${name}` } };
    },
    on: () => () => undefined,
  });
  return { api, calls };
}

describe('VirtualList', () => {
  it('renders only the rows in view for 10,000 rows', () => {
    const offsets = new Float64Array(10_001).map((_, i) => i * 78);
    render(<VirtualList count={10_000} offsets={offsets} role="listbox" ariaLabel="rows" renderRow={(i, top) => <div key={i} role="option" aria-selected={false} style={{ top }}>row {i}</div>} />);
    const rows = screen.getAllByRole('option');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(screen.getByRole('listbox', { name: 'rows' }).firstElementChild).toHaveProperty('style.height', `${78 * 10_000}px`);
  });
});

describe('AnswerText', () => {
  it('turns [n] into buttons that open the cited memory, and leaves unknown numbers as text', () => {
    const onCite = vi.fn();
    render(<AnswerText text={'You met **Ana** [1].\n\n- first [2]\n- second [9]'} citations={[{ n: 1, memory_id: 'm1', kind: 'semantic' }, { n: 2, memory_id: 'm2', kind: 'episodic' }]} onCite={onCite} />);
    fireEvent.click(screen.getByRole('button', { name: 'Source 1: open the cited memory' }));
    expect(onCite).toHaveBeenCalledWith({ n: 1, memory_id: 'm1', kind: 'semantic' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Ana').tagName).toBe('STRONG');
    expect(screen.getByText(/second \[9\]/)).toBeTruthy();
  });

  it('never renders model output as markup', () => {
    render(<AnswerText text={'<img src=x onerror=alert(1)> [1]'} citations={[]} onCite={() => undefined} />);
    expect(document.querySelector('img')).toBeNull();
  });
});

describe("History (one list, a memory's and an entity's)", () => {
  const hour = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const rows = () => screen.getAllByRole('listitem').map((li) => li.querySelector('summary')!.textContent);

  it("lists a memory's earlier versions as given, each opening on what it said", () => {
    const snapshot = (title: string, text: string) => ({ title, text }) as MemoryHistoryEntry['snapshot'];
    render(
      <MemoryHistory
        history={[
          { version: 2, changed_at: hour(1), reason: 'merged with a duplicate', snapshot: snapshot('Budget', 'The Q3 budget is 40k.') },
          { version: 1, changed_at: hour(30), reason: '', snapshot: snapshot('Budget', 'The Q3 budget is 35k.') },
        ]}
      />,
    );
    expect(rows()).toEqual(['v2merged with a duplicate1 h ago', 'v1Updated1 d ago']);
    expect(screen.getByText('The Q3 budget is 35k.')).toBeTruthy();
  });

  it('names who changed an entity and what a merge folded in; an empty history says so', () => {
    const merge: EntityHistoryEntry = { changed_at: hour(2), reason: 'same person', by: 'dream', was: 'Ana', merged: { name: 'Ana Souza', aliases: ['A. Souza'] } };
    const { unmount } = render(<EntityHistory history={[merge, { changed_at: hour(5), reason: 'renamed', by: 'user', was: 'Ana S', merged: null }]} />);
    expect(rows()).toEqual(['consolidationMerged “Ana Souza”2 h ago', 'yourenamed5 h ago']);
    expect(screen.getByText('Folded in: Ana Souza (also A. Souza)')).toBeTruthy();
    expect(screen.getByText('Before: Ana S')).toBeTruthy();
    unmount();
    render(<EntityHistory history={[]} />);
    expect(screen.getByTestId('entity-history').textContent).toContain('No changes yet.');
  });
});

describe('Dialog and Switch', () => {
  it('focuses inside, closes on Escape, and is labelled', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Delete it?" onClose={onClose} footer={<button type="button">OK</button>}>
        <p>Body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete it?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('a switch is announced as one and toggles', () => {
    const onChange = vi.fn();
    render(<Switch label="Record audio" checked={false} onChange={onChange} />);
    const sw = screen.getByRole('switch', { name: 'Record audio' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('ForgetDialog', () => {
  it('says what will go before anything goes, then forgets relative to now', async () => {
    const report = { frames: 3, observations: 3, memories: 1, messages: 0, audio: 0 };
    const { api, calls } = fakeApi({
      'forget.preview': () => ({ from: '2025-03-03T09:45:00.000Z', to: '2025-03-03T10:00:00.000Z', report }),
      'forget.run': () => ({ from: '2025-03-03T09:46:00.000Z', to: '2025-03-03T10:01:00.000Z', report }),
    });
    const onClose = vi.fn();
    render(
      <ApiProvider api={api}>
        <ForgetDialog what={{ span: 'last', minutes: 15 }} title="the last 15 minutes" onClose={onClose} />
      </ApiProvider>,
    );
    const list = await screen.findByRole('list', { name: 'What will be deleted' });
    expect(list.textContent).toContain('screenshots3');
    expect(list.textContent).toContain('memory1');
    expect(list.textContent).not.toContain('chat');
    expect(calls.map((c) => c.name)).toEqual(['forget.preview']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Forget permanently' }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)).toEqual({ name: 'forget.run', input: { what: { span: 'last', minutes: 15 } } });
  });
});

describe('Timeline row', () => {
  const moment = (hidden: DayItem['hidden']): DayItem => ({
    index: 0,
    type: 'observation',
    kind: 'screen',
    key: 'observation:o1',
    id: 'o1',
    at: Date.UTC(2025, 2, 3, 9, 0),
    end: Date.UTC(2025, 2, 3, 9, 0),
    app: 'Editor',
    title: 'notes',
    url: null,
    text: 'the editor beside a private window',
    pictureId: null,
    memories: 0,
    damaged: false,
    hidden,
  });
  const row = (item: DayItem) => {
    const { api } = fakeApi({});
    return render(
      <ApiProvider api={api}>
        <ItemRow item={item} row={0} top={0} selected={false} focused={false} onPointer={() => undefined} />
      </ApiProvider>,
    );
  };

  it("says how many windows the privacy gate filled in the moment's frame, and why in its tooltip", () => {
    row(moment({ excluded_title: 1, engram_window: 1 }));
    const badge = screen.getByTestId('timeline-row-hidden');
    expect(badge.textContent).toBe('2 windows hidden');
    expect(badge.getAttribute('title')).toBe("2 windows hidden (Engram's own windows, private browsing and excluded titles)");
  });

  it('shows nothing of the kind for a frame with nothing hidden', () => {
    row(moment(null));
    expect(screen.queryByTestId('timeline-row-hidden')).toBeNull();
  });
});

describe('Withdrawing consent in browser mode', () => {
  it('asks first, then stops capture through the host and brings the welcome page back', async () => {
    let granted = true;
    const status = () => ({ asked_here: true, granted, reason: granted ? null : ('first-run' as const), data_dir: '/data', captures: true, permission_hint: null });
    const { api, calls } = fakeApi({
      'consent.status': status,
      'consent.withdraw': () => ((granted = false), status()),
    });
    render(
      <ApiProvider api={api}>
        <SessionGate>
          <ConsentCard />
        </SessionGate>
      </ApiProvider>,
    );
    // Found outside act(): inside it React holds the answers' state updates until the callback ends.
    const withdraw = await screen.findByRole('button', { name: 'Withdraw consent' }, { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(withdraw);
    });
    // Nothing is withdrawn before the confirmation.
    expect(calls.map((c) => c.name)).not.toContain('consent.withdraw');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw and stop capture' }));
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to Engram' }, { timeout: 10_000 })).toBeTruthy();
    expect(calls.filter((c) => c.name === 'consent.withdraw')).toHaveLength(1);
    expect(screen.queryByTestId('consent-card')).toBeNull();
  });
});

describe('Never capture: website rules', () => {
  it('says where website rules cannot work and offers title rules instead; with rules, that browsers are hidden there', () => {
    const privacy = CaptureSettingsSchema.parse({}).privacy;
    const { rerender } = render(<ExclusionsCard privacy={privacy} onUpdate={() => undefined} />);
    const notice = () => screen.getByTestId('url-rules-notice').textContent ?? '';
    for (const words of ['Windows and Linux', 'macOS without that permission', 'Automation', 'window title rule instead']) expect(notice()).toContain(words);
    expect(notice()).not.toContain('every browser window whose address is unknown is hidden');
    rerender(<ExclusionsCard privacy={{ ...privacy, excluded_url_patterns: ['bank\\.example'] }} onUpdate={() => undefined} />);
    expect(notice()).toContain('every browser window whose address is unknown is hidden');
    expect(screen.getByTestId('url-rules-notice').getAttribute('role')).toBe('status');
  });
});
