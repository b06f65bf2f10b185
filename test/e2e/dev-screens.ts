/**
 * Developer tool: starts a seeded host with the fake model and scripted capture, takes a screenshot of
 * every screen into test-artifacts/screens, and exits. `npx tsx test/e2e/dev-screens.ts [--dark] [--keep]`
 * (--keep leaves the host running and prints its URL).
 */
import { mkdirSync } from 'node:fs';
import { closeChromium, launchChromium } from './chromium.js';
import { startUiHarness } from './ui-harness.js';
import { shootAllScreens } from './screens.js';

const dark = process.argv.includes('--dark');
const keep = process.argv.includes('--keep');
const h = await startUiHarness({ llm: true, capture: true, captureIntervalS: 5 });
h.fake!.setHandler(() => ({ text: 'You worked on the **MirixDB migration** in VS Code yesterday morning [1], then agreed with Ana in #launch to move the Northwind launch to March 14 [2].\n\nThe rollback test was fixed in the afternoon by wrapping the copy in one transaction [3].', eventDelayMs: 5 }));
mkdirSync('test-artifacts/screens', { recursive: true });
const chrome = await launchChromium();
try {
  await shootAllScreens(chrome.browser, h, { dark, dir: 'test-artifacts/screens' });
} finally {
  await chrome.close();
  await closeChromium();
  if (keep) console.log(h.url);
  else await h.close();
}
