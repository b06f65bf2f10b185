/**
 * macOS and Windows window coordinates, which cannot be run here: get-windows' openWindows() output
 * in the shapes its documentation and sources give (macOS: CGWindow bounds in points, global, origin
 * at the primary display's top left; Windows: GetWindowRect, physical pixels of the virtual screen),
 * against displays as Electron describes them (bounds in points/DIPs, size x scaleFactor pixels).
 * Every excluded window must be masked where its pixels are in each display's grabbed image.
 */
import { describe, expect, it } from 'vitest';
import {
  electronDisplayInfo,
  GetWindowsWindowList,
  planMasks,
  PrivacyGate,
  type ElectronDisplayShape,
  type GetWindowsResult,
} from '../../electron/sensing/capture/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';

const gate = new PrivacyGate(CaptureSettingsSchema.parse({}).privacy);
const exclusion = (w: Parameters<PrivacyGate['exclusion']>[0]) => gate.exclusion(w);

/** get-windows with a fixed desktop, front to back as it lists windows. */
function listOf(frontToBack: GetWindowsResult[], activeIndex = 0) {
  return new GetWindowsWindowList({ load: async () => ({ openWindows: async () => frontToBack, activeWindow: async () => frontToBack[activeIndex] }) });
}

const macWindow = (id: number, title: string, owner: string, bounds: GetWindowsResult['bounds']): GetWindowsResult => ({
  id,
  title,
  bounds,
  owner: { name: owner, processId: 1000 + id, path: `/Applications/${owner}.app` },
});

describe('window coordinates from get-windows (macOS and Windows shapes)', () => {
  it('macOS: a Retina laptop (points x2) and an external display to its right (x1); masks land on the right pixels, occlusion from the stacking', async () => {
    const laptop: ElectronDisplayShape = { id: 1, label: 'Built-in Retina Display', bounds: { x: 0, y: 0, width: 1440, height: 900 }, size: { width: 1440, height: 900 }, scaleFactor: 2 };
    const external: ElectronDisplayShape = { id: 2, label: 'DELL U2720Q', bounds: { x: 1440, y: -200, width: 1920, height: 1080 }, size: { width: 1920, height: 1080 }, scaleFactor: 1 };
    const [d1, d2] = [electronDisplayInfo(laptop, 0, 1, 'darwin'), electronDisplayInfo(external, 1, 1, 'darwin')];
    expect([d1!.width, d1!.height, d2!.width, d2!.height]).toEqual([2880, 1800, 1920, 1080]);
    const snapshot = await listOf([
      macWindow(11, 'notes.md', 'Code', { x: 500, y: 100, width: 400, height: 300 }),
      macWindow(12, 'Bank statement - Private Browsing', 'Safari', { x: 100, y: 100, width: 600, height: 400 }),
      macWindow(13, 'Vault', '1Password', { x: 1640, y: -100, width: 500, height: 400 }),
    ]).list();
    expect(snapshot.active?.title).toBe('notes.md');
    expect(snapshot.windows.map((w) => w.id)).toEqual(['13', '12', '11']);

    const onLaptop = planMasks(snapshot, exclusion, d1!, { width: 2880, height: 1800 });
    expect(onLaptop.hidden).toEqual(['excluded_title']);
    // The private window is (100,100)-(700,500) in points, minus the editor on top of it from x=500
    // on between y=100 and 400: in pixels, twice that.
    expect(new Set(onLaptop.rects.map((r) => JSON.stringify(r)))).toEqual(
      new Set([
        JSON.stringify({ x: 200, y: 800, width: 1200, height: 200 }),
        JSON.stringify({ x: 200, y: 200, width: 800, height: 600 }),
      ]),
    );
    const onExternal = planMasks(snapshot, exclusion, d2!, { width: 1920, height: 1080 });
    expect(onExternal.hidden).toEqual(['excluded_app']);
    expect(onExternal.rects).toEqual([{ x: 200, y: 100, width: 500, height: 400 }]);
  });

  it('Windows: 150% primary and a 100% monitor to its right; get-windows bounds are physical pixels, Electron bounds DIPs', async () => {
    const primary: ElectronDisplayShape = { id: 10, bounds: { x: 0, y: 0, width: 1280, height: 720 }, size: { width: 1280, height: 720 }, scaleFactor: 1.5 };
    const right: ElectronDisplayShape = { id: 20, bounds: { x: 1280, y: 0, width: 1920, height: 1080 }, size: { width: 1920, height: 1080 }, scaleFactor: 1 };
    // screen.dipToScreenRect on this layout: the primary's DIPs x1.5; the right monitor starts at
    // physical x 1920 (where the primary ends), its DIPs one to one.
    const dipToScreenRect = (r: { x: number; y: number; width: number; height: number }) =>
      r.x >= 1280 ? { x: 1920 + (r.x - 1280), y: r.y, width: r.width, height: r.height } : { x: r.x * 1.5, y: r.y * 1.5, width: r.width * 1.5, height: r.height * 1.5 };
    const d1 = electronDisplayInfo(primary, 0, 10, 'win32', dipToScreenRect);
    const d2 = electronDisplayInfo(right, 1, 10, 'win32', dipToScreenRect);
    expect(d1.windowSpace).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(d2.windowSpace).toEqual({ x: 1920, y: 0, width: 1920, height: 1080 });
    const snapshot = await listOf([
      { id: 1, title: 'report.docx - Word', owner: { name: 'Microsoft Word', processId: 10, path: 'C:\\Program Files\\Microsoft Office\\WINWORD.EXE' }, bounds: { x: 2000, y: 500, width: 600, height: 400 } },
      { id: 2, title: 'Bank - InPrivate - Microsoft Edge', owner: { name: 'Microsoft Edge', processId: 11, path: 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe' }, bounds: { x: 300, y: 150, width: 960, height: 540 } },
      { id: 3, title: 'KeePassXC', owner: { name: 'KeePassXC', processId: 12, path: 'C:\\Program Files\\KeePassXC\\KeePassXC.exe' }, bounds: { x: 2120, y: 100, width: 800, height: 300 } },
    ]).list();
    const m1 = planMasks(snapshot, exclusion, d1, { width: 1920, height: 1080 });
    expect(m1.rects).toEqual([{ x: 300, y: 150, width: 960, height: 540 }]);
    const m2 = planMasks(snapshot, exclusion, d2, { width: 1920, height: 1080 });
    expect(m2.hidden).toEqual(['excluded_app']);
    expect(m2.rects).toEqual([{ x: 200, y: 100, width: 800, height: 300 }]);
  });

  it('a window across two displays is masked on both, each in its own pixels; Linux/X11 (one scale) maps DIPs back to root pixels', async () => {
    const a: ElectronDisplayShape = { id: 1, bounds: { x: 0, y: 0, width: 960, height: 540 }, size: { width: 960, height: 540 }, scaleFactor: 2 };
    const b: ElectronDisplayShape = { id: 2, bounds: { x: 960, y: 0, width: 960, height: 540 }, size: { width: 960, height: 540 }, scaleFactor: 2 };
    const [d1, d2] = [electronDisplayInfo(a, 0, 1, 'linux'), electronDisplayInfo(b, 1, 1, 'linux')];
    expect(d2.windowSpace).toEqual({ x: 1920, y: 0, width: 1920, height: 1080 });
    const snapshot = await listOf([{ id: 5, title: 'Private Browsing', owner: { name: 'firefox', processId: 5 }, bounds: { x: 1800, y: 0, width: 400, height: 200 } }]).list();
    expect(planMasks(snapshot, exclusion, d1, { width: 1920, height: 1080 }).rects).toEqual([{ x: 1800, y: 0, width: 120, height: 200 }]);
    expect(planMasks(snapshot, exclusion, d2, { width: 1920, height: 1080 }).rects).toEqual([{ x: 0, y: 0, width: 280, height: 200 }]);
  });
});
