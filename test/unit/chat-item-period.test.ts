import { describe, expect, it } from 'vitest';
import { askedValue } from '../../agents/chat/asked-value.js';
import { thingUnsaid } from '../../agents/chat/rare-word-lead.js';

// Made up for this test: a marketing budget sheet whose columns are quarters, and a supplier's bill.
// "In the second quarter" names when, which a sheet writes as "Q2"; the item asked is what must be said.
const sheet = 'Marketing budget 2027\nLine  Q1  Q2  Q3  Q4\nPrinting  1,200  900  950  1,400\nEvents  4,000  0  2,500  0';
const bill = 'PackRight Ltd — Invoice 5521\nParcel tape x6  €9.00\nShipping boxes x20  €31.00\nSubtotal  €40.00';

describe('the item of an amount, apart from its period', () => {
  it('keeps a sheet that names the item when the question names the period in words', () => {
    for (const q of ['How much is set aside for printing in the second quarter?', 'How much did we plan for events in the last quarter?']) expect(thingUnsaid(q, askedValue(q), sheet)).toBe(false);
  });

  it('still finds an item no line says, a period beside it or not', () => {
    for (const q of ['How much did the bubble wrap cost in the first quarter?', 'What did the bubble wrap cost?']) expect(thingUnsaid(q, askedValue(q), bill)).toBe(true);
  });
});
