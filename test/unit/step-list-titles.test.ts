/**
 * A step list titled by a one-word label ("Method", a side column's "Overview") is titled by its
 * page instead, quoted as a window is (issue 35: how-tos named "Satellite" and "Method" on the
 * Memories screen), and the page's name gives no entity. Written apart from the precision bench's
 * day: other pages, other labels, and headings that stay.
 */
import { describe, expect, it } from 'vitest';
import { extractGraph } from '../../agents/graph/index.js';
import { stepListsIn } from '../../agents/procedural/index.js';

const titles = (text: string, windowTitle: string | null) => stepListsIn(text, windowTitle).map((l) => l.title);

describe('a step list’s title', () => {
  it('is the page’s name, quoted, when the heading is one word', () => {
    expect(titles('Ingredients\n\n2 leeks\n\nPreparation\n1. Wash and slice the leeks\n2. Sweat them in butter for 10 minutes\n3. Add the stock and simmer', 'Leek and Potato Soup with Gruyère — Kitchen Notes')).toEqual(['"Leek and Potato Soup with Gruyère"']);
    expect(titles('Overview\n1. Open Settings and choose Accounts\n2. Click Add account and sign in\n3. Pick the folders to sync', 'Set up mail sync | HelpDesk')).toEqual(['"Set up mail sync"']);
  });

  it('keeps a heading of several words, and a one-word heading where no page name is known', () => {
    expect(titles('Install the printer driver\n1. Download the driver from the vendor\n2. Run the installer as admin\n3. Restart the print spooler', 'Printers — IT Wiki')).toEqual(['Install the printer driver']);
    expect(titles('Preparation\n1. Wash and slice the leeks\n2. Sweat them in butter for 10 minutes\n3. Add the stock and simmer', null)).toEqual(['Preparation']);
  });

  it('a quoted page name in a how-to names no entity; a name in its steps still does', () => {
    const title = '"Leek and Potato Soup with Gruyère"';
    const names = extractGraph({ id: 'm1', kind: 'procedural', title, text: `${title}: Wash the leeks → Ask Hannah Cole for the stock`, fields: {}, at: 0 }).entities.map((e) => e.name);
    expect(names).toContain('Hannah Cole');
    expect(names.some((n) => /Gruy|Leek|Potato/.test(n))).toBe(false);
  });
});
