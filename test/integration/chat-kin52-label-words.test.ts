import { describe, expect, it } from 'vitest';
import { screenStoreEachTest } from '../helpers/screen-store.js';

/**
 * Issue 30: a question in a person's words reaches the page labelled in the site's (label-kin.ts):
 * the wifi password is a router's "Network key", spinning a gym's "Indoor cycling", the tip a
 * receipt's "Gratuity". Made-up screens, apart from the benchmark days, each beside a page that
 * shares a word of the question but not the asked thing.
 */
const AT = Date.parse('2026-12-05T13:00:00Z');

describe("the page labelled in the site's word is found and read", () => {
  const { screen, lead } = screenStoreEachTest('engram-kin52-', AT, (screen) => {
    screen('Inbox — Mail', 'Weekly digest\nYour parcel is on its way\nTeam lunch on Friday?');
    screen('Password manager — Vault', 'Password health: 3 weak passwords\nLast checked Thursday');
  });

  it('"the wifi password": the router\'s network key, not a password manager\'s count', async () => {
    screen('Wireless settings — Hollis router', 'Wireless 5 GHz\nNetwork name (SSID): Hollis-5G\nSecurity: WPA2-Personal\nNetwork key: plum-otter-7731\nChannel: 36');
    expect(await lead("What's the wifi password?")).toMatch(/plum-otter-7731/);
  }, 30_000);

  it('"spinning": the timetable\'s indoor cycling; and no time stated when no class is one', async () => {
    screen('Class timetable — Riverside Leisure Centre', 'Thursday classes\nBody pump: Thu 17:45\nIndoor cycling: Thu 18:30\nYoga flow: Thu 19:15');
    expect(await lead('What time is spinning on Thursday?')).toMatch(/18:30/);
  }, 30_000);

  it('negative: a timetable without the class gives no other class\'s time', async () => {
    screen('Class timetable — Riverside Leisure Centre', 'Thursday classes\nBody pump: Thu 17:45\nYoga flow: Thu 19:15');
    expect(await lead('What time is spinning on Thursday?')).not.toMatch(/17:45|19:15/);
  }, 30_000);
});
