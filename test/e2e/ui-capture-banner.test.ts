import { describe, expect, it } from 'vitest';
import { callApi, type UiHarness } from './ui-harness.js';
import { hostPerTest } from './ui-session.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';

// Issue 29, item 4 (the window half): the sidebar's capture card says what the host's one
// capture-health model says, driven here through the real host, never "Recording" when nothing is kept.

let h: UiHarness | null = null;
const ui = hostPerTest();

const RECORDING = /Recording|Capturing/;

describe('the capture banner', { timeout: 120_000 }, () => {
  it('follows the health: capturing, paused until a time, off in Settings with a button to Settings', async () => {
    h = await ui.start({ seed: false, capture: true, captureIntervalS: 0.5 });
    const page = await ui.tab.open({ host: h });
    const title = page.getByTestId('capture-title');
    const card = page.getByTestId('capture-card');
    await expect.poll(() => title.textContent(), { timeout: 10_000 }).toBe('Capturing');

    // A timed pause says until when (the host's pause pushes the health).
    await callApi(h, 'capture.pause', { minutes: 15 });
    await expect.poll(() => title.textContent(), { timeout: 10_000 }).toMatch(/^Paused until \d{1,2}:\d{2}/);
    expect(await card.textContent()).not.toMatch(RECORDING);
    await callApi(h, 'capture.resume');
    await expect.poll(() => title.textContent(), { timeout: 10_000 }).toBe('Capturing');

    // Capture off in Settings: the scheduler's raw state is not what the window tells.
    await callApi(h, 'settings.update', { patch: { capture: { enabled: false } } });
    await expect.poll(() => title.textContent(), { timeout: 10_000 }).toBe('Not recording — capture is off in Settings');
    expect(await card.textContent()).not.toMatch(RECORDING);
    const action = page.getByTestId('capture-action');
    expect(await action.textContent()).toBe('Open Settings');
    await action.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/settings');

    // Back on: capturing again, at once.
    await callApi(h, 'settings.update', { patch: { capture: { enabled: true } } });
    await expect.poll(() => title.textContent(), { timeout: 10_000 }).toBe('Capturing');
  });

  it('a window list that cannot be read keeps nothing, and the card says so with the way to Privacy', async () => {
    h = await ui.start({ seed: false, capture: true, captureIntervalS: 0.5 });
    // The scripted desktop's window source fails as an X server without a display does.
    h.desktop!.windows.active = async () => {
      throw new Error('no X display (DISPLAY is not set)');
    };
    const page = await ui.tab.open({ host: h });
    const title = page.getByTestId('capture-title');
    await expect.poll(() => title.textContent(), { timeout: 15_000 }).toBe('Not recording — windows cannot be checked');
    const card = page.getByTestId('capture-card');
    expect(await card.textContent()).not.toMatch(RECORDING);
    await page.getByTestId('capture-action').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/privacy');
  });

  it("the desktop app's window.navigate event (the tray's or a notification's Open Privacy / Open Settings) brings the window to that screen", async () => {
    h = await ui.start({ seed: false });
    const page = await ui.tab.open({ host: h });
    await page.goto(`${h.base}/#/timeline`);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/timeline');
    h.server.api.events.emit('window.navigate', { screen: 'privacy' });
    await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/privacy');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe('Privacy');
    h.server.api.events.emit('window.navigate', { screen: 'settings' });
    await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/settings');
  });

  it("the Privacy screen's capture line says what the banner says, in every state (one capture-health model)", async () => {
    h = await ui.start({ seed: false, capture: true, captureIntervalS: 0.5 });
    const page = await ui.tab.open({ host: h });
    await page.goto(`${h.base}/#/privacy`);
    const title = page.getByTestId('capture-title');
    const line = page.getByTestId('privacy-capture-state');
    /** The line leads with the banner's title, whatever the state. */
    const agree = async (expected: string | RegExp) => {
      await expect.poll(() => title.textContent(), { timeout: 10_000 }).toMatch(expected);
      await expect.poll(async () => (await line.textContent())!.startsWith((await title.textContent())!), { timeout: 10_000 }).toBe(true);
      return (await line.textContent())!;
    };

    expect(await agree(/^Capturing$/)).toMatch(/^Capturing — \d+ screens kept today/);
    await callApi(h, 'capture.pause', { minutes: 15 });
    expect(await agree(/^Paused until \d{1,2}:\d{2}/)).toMatch(/Nothing is recorded until then\.$/);
    await callApi(h, 'capture.resume');
    await agree(/^Capturing$/);
    // Not recording, and why: capture off in Settings (the scheduler still runs).
    await callApi(h, 'settings.update', { patch: { capture: { enabled: false } } });
    expect(await agree('Not recording — capture is off in Settings')).toBe('Not recording — capture is off in Settings. Turn Capture on in Settings to record again.');
    expect(await line.textContent()).not.toMatch(/Capturing|Recording|watching/);
    await page.getByRole('region', { name: 'Engram is not recording' }).getByRole('button', { name: 'Open Settings' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/settings');
    await callApi(h, 'settings.update', { patch: { capture: { enabled: true } } });
    await page.goto(`${h.base}/#/privacy`);
    await agree(/^Capturing$/);
    // Not recording because the windows cannot be checked.
    h.desktop!.windows.active = async () => {
      throw new Error('no X display (DISPLAY is not set)');
    };
    expect(await agree('Not recording — windows cannot be checked')).toContain('Engram keeps nothing it cannot check');
  });

  it('the hourly cap on captions is set next to "Let the model see screenshots", checked as the host checks it (issue 30)', async () => {
    h = await ui.start({ seed: false });
    const page = await ui.tab.open({ host: h });
    await page.goto(`${h.base}/#/privacy`);
    const cap = () => h!.store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).captioning.max_per_hour;
    const field = page.getByLabel('Screenshots sent to the model per hour');
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('60');
    await field.fill('12');
    await field.press('Tab');
    await expect.poll(cap, { timeout: 10_000 }).toBe(12);
    // Not a whole number: refused in the window, nothing written.
    await field.fill('2.5');
    await field.press('Tab');
    await expect.poll(() => page.getByText('Enter a whole number of screenshots from 1 to 3600.').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(cap()).toBe(12);
    // A change that reaches the window while the user is typing (here from another client, like the
    // answer to a previous save arriving late) does not overwrite what they typed: CI once lost the
    // "2.5" above to the late answer of the "12" save, and nothing was refused.
    await field.fill('30');
    await callApi(h, 'settings.update', { patch: { capture: { captioning: { enabled: true, max_per_hour: 20 } } } });
    await expect.poll(() => page.getByRole('switch', { name: 'Let the model see screenshots' }).getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    expect(await field.inputValue()).toBe('30');
    await field.press('Tab');
    await expect.poll(cap, { timeout: 10_000 }).toBe(30);
  });

  // Issue 34: on battery with the battery saver on, the card and Privacy say so (capture.status'
  // battery_saver, through the real HTTP host), with the screens waiting for their text.
  it('the capture card and Privacy say "battery saver on" while on battery, with the screens waiting for text, and stop on AC', async () => {
    let battery = true;
    h = await ui.start({ seed: false, capture: true, captureIntervalS: 0.5, capturePower: { onBattery: () => battery } });
    const hh = h;
    const page = await ui.tab.open({ host: hh });
    const detail = page.getByTestId('capture-detail');
    await expect.poll(() => detail.textContent(), { timeout: 15_000 }).toMatch(/^Battery saver on · /);

    await page.evaluate(() => (location.hash = '#/privacy'));
    const line = page.getByTestId('privacy-capture-state');
    // Frames are kept but their text waits for AC: the count shows (the window asks for the status every 15 s).
    await expect
      .poll(() => line.textContent(), { timeout: 40_000 })
      .toMatch(/Battery saver on: a screen half as often, and text read once on power or when you step away \(\d+ waiting\)\./);

    // Back on AC: the line goes, and the screens that waited are read.
    battery = false;
    await expect.poll(() => line.textContent(), { timeout: 40_000 }).not.toMatch(/Battery saver/);
    await expect.poll(() => detail.textContent(), { timeout: 40_000 }).not.toMatch(/Battery saver/);
    await expect.poll(async () => (await callApi<{ battery_saver?: unknown; ocr_backlog: number }>(hh, 'capture.status')).ocr_backlog, { timeout: 30_000 }).toBe(0);
  });
});
