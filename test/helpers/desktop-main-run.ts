import { FakeBrowserWindow } from '../fakes/fake-electron.js';

/** For tests that run the desktop composition root under the fake Electron (test/integration/desktop-main-*). */
export async function until<T>(probe: () => T | undefined | null | false, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The open window whose page URL ends with `suffix`. */
export const windowAt = (suffix: string) => until(() => FakeBrowserWindow.all.find((w) => !w.destroyed && w.webContents.mainFrame.url.endsWith(suffix)), `window ${suffix}`);

/** Half a second of room noise, then two seconds of a loud tone: speech to the segmenter. */
export function speech(): Uint8Array {
  const rate = 16_000;
  const samples = new Int16Array(rate * 2.5);
  for (let i = 0; i < samples.length; i++) samples[i] = i < rate / 2 ? ((i * 7919) % 61) - 30 : Math.round(12_000 * Math.sin((2 * Math.PI * 220 * i) / rate));
  return new Uint8Array(samples.buffer);
}
