import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';
import { askedStepPlace } from '../../agents/chat/step-ordinal.js';

// Screens made up for this test: a router's help page, a wiki page whose steps the splitter runs into
// one paragraph, an earbuds leaflet with bullets, a printer's page and a shopping list. Questions ask
// for a step by its place ("the third", "the last", "step 2", "first"), in words other than the page's.
const AT = '2026-11-03T14:05:00.000Z';
const ask = (q: string, title: string, text: string) => askPage(q, title, text, AT);
const stated = statedLead;

const router = 'Restart your Wi-Fi router\n1. Pull the power cable out of the router.\n2. Count to thirty.\n3. Plug the cable back in and wait until the light turns white.\n4. Join the network again from your laptop.';
const wiki = 'Rotating the staging key\nStep 1: Open the vault console. Step 2: Create a new key under Staging. Step 3: Paste it into the deploy settings. Step 4: Delete the old key.';
const earbuds = 'Pair your earbuds\n• Open the charging case next to your phone.\n• Hold the button on the case for 3 seconds until the light pulses.\n• Pick "Orbit Buds" in your phone\'s Bluetooth list.';
const printer = 'Restart your printer\n1. Unplug the printer at the back.\n2. Take out the paper tray.\n3. Plug it in again and print a test page.';

describe('a step asked for by its place in a list', () => {
  it('reads the place a question asks for', () => {
    expect(askedStepPlace("What's the third step?")).toEqual({ at: 3 });
    expect(askedStepPlace('what is step number 2 again')).toEqual({ at: 2 });
    expect(askedStepPlace('and the final step?')).toEqual({ fromEnd: 0 });
    expect(askedStepPlace('what comes after step 2?')).toEqual({ at: 3 });
    expect(askedStepPlace('What do I do first to pair them?')).toEqual({ at: 1 });
    expect(askedStepPlace("what's the first thing to do when the router hangs")).toEqual({ at: 1 });
    // A first thing bought, a third item on a list: no step.
    expect(askedStepPlace('What was the first thing I bought?')).toBeNull();
    expect(askedStepPlace('What is the third item on my list?')).toBeNull();
  });

  it('states the step at the asked place, with its number', () => {
    expect(stated(ask("What's the third step for restarting the router?", 'Help — Netlink', router))).toBe('3. Plug the cable back in and wait until the light turns white');
    expect(stated(ask('What is the last step?', 'Help — Netlink', router))).toBe('4. Join the network again from your laptop');
    expect(stated(ask('What is step 2 when the router needs a restart?', 'Help — Netlink', router))).toBe('2. Count to thirty');
  });

  it('reads "Step n:" steps the splitter ran into one paragraph', () => {
    expect(stated(ask('What comes after step 2 when rotating the key?', 'Runbooks — Wiki', wiki))).toBe('3. Paste it into the deploy settings');
  });

  it('counts unnumbered bullets in the order listed', () => {
    expect(stated(ask('What do I do first to pair the earbuds?', 'Orbit Buds — Quick start', earbuds))).toBe('1. Open the charging case next to your phone');
    expect(stated(ask("What's the second step of pairing the earbuds?", 'Orbit Buds — Quick start', earbuds))).toMatch(/^2\. Hold the button on the case/);
  });

  it('states the step after one the page says in other words ("unplugging it": "pull the power cable out")', () => {
    expect(stated(ask('What do I do after unplugging it?', 'Help — Netlink', router))).toBe('2. Count to thirty.');
    const nas = 'Swap a drive\n1. Power down the NAS from the web page.\n2. Slide out the tray of the failed drive.\n3. Fit the new drive and push the tray back.';
    expect(stated(ask('What should I do right after switching the NAS off?', 'Drive bay — NAS manual', nas))).toBe('2. Slide out the tray of the failed drive.');
    // The printer's page unplugs the printer, not the router.
    expect(stated(ask('What do I do after unplugging the router?', 'Help — Inkwell', printer))).not.toMatch(/paper tray/);
  });

  it('states no step of a how-to about another thing, nor one past the end, nor of a list that is no steps', () => {
    expect(stated(ask("What's the third step for restarting the router?", 'Help — Inkwell', printer))).not.toMatch(/Switch it on again/);
    const past = ask('What is the fifth step to restart the router?', 'Help — Netlink', router);
    expect(past?.known).toBe(false);
    expect(past?.text).not.toMatch(/^4\. Join/);
    expect(stated(ask("What's the third step?", 'Groceries — Notes', '1. Oat milk\n2. Eggs\n3. Sourdough'))).not.toMatch(/Sourdough/);
  });
});
