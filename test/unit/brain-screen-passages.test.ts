import { describe, expect, it } from 'vitest';
import type { BatchAnalysis } from '../../agents/subagent-kit/index.js';
import { screenBatch } from '../helpers/screen-batch.js';
import { renderBatch } from '../../agents/meta/index.js';
import { TimeFormatter } from '../../shared/time/index.js';

/** Issue 15: with a model, the extraction call reads the passages of a long screen that carry facts, not its first characters. */
const NAV = 'Home\nProducts\nAbout us\nCareers\nContact';
const FILLER = Array.from(
  { length: 30 },
  (_, i) => `Our team has been serving customers with care since the early days, and section ${String.fromCharCode(65 + (i % 26))} describes how we think about quality and service in general terms.`,
).join('\n\n');
const INVOICE = `${NAV}\n\n${FILLER}\n\nInvoice INV-2291 for Brightline Studio\n\nSubtotal: 84.20\nVAT 23%: 19.37\nTotal due: EUR 103.57\n\nPayment is due on 15 January to Ana Souza, ana.souza@brightline.example.`;

function batchOf(texts: string[]): BatchAnalysis {
  return screenBatch(texts.map((text) => ({ text, app: 'Chromium', title: 'Invoice INV-2291' })));
}

describe('extraction reads the passages of a screen that carry facts', () => {
  it('a fact at the bottom of a long page reaches the prompt; boilerplate is what is left out', () => {
    expect(INVOICE.length).toBeGreaterThan(3000);
    const prompt = renderBatch(batchOf([INVOICE]), new TimeFormatter('UTC'));
    expect(prompt).toContain('Total due: EUR 103.57');
    expect(prompt).toContain('Subtotal: 84.20');
    expect(prompt).toContain('ana.souza@brightline.example');
    expect(prompt).toContain('…');
    // Within the item's budget: far less than the page.
    expect(prompt.length).toBeLessThan(2200);
  });

  it('a later screen does not repeat the passages an earlier item showed, and a short screen is sent as read', () => {
    const next = `${INVOICE}\n\nStatus: paid on 16 January by card ending [redacted:card]`;
    const prompt = renderBatch(batchOf([INVOICE, next, 'Short note: call Ben at 15:00']), new TimeFormatter('UTC'));
    const items = prompt.split(/\n\[\d\] /);
    expect(items[2]).toContain('Status: paid on 16 January');
    expect(items[2]).not.toContain('Total due: EUR 103.57');
    expect(items[2]).toMatch(/passages? as in an earlier item/);
    expect(items[3]).toContain('Short note: call Ben at 15:00');
  });
});
