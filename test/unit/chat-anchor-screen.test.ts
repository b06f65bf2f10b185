import { describe, expect, it } from 'vitest';
import { anchorScreen } from '../../agents/chat/anchor-screen.js';

// Screens written for this test, apart from the benchmark days.
const hit = (text: string, window_title: string, score: number) => ({ text, window_title, score });

describe('the screen an order question is anchored on', () => {
  it('is the screen about the anchor, not a listing line that names it', () => {
    const listing = hit('dentist-invoices-2024.pdf · 88 KB · 3 Jan', 'Downloads — Files', 9.1);
    const invoice = hit('Smile Clinic Invoice 2291 Check-up and cleaning Total €90.00', 'Invoice 2291 — Smile Clinic', 4.2);
    expect(anchorScreen([listing, invoice], 'the dentist invoice')).toBe(invoice);
  });

  it('meets the anchor in the title by a related word too', () => {
    const chat = hit('Can you send the holiday photos?', 'Family chat — Signal', 6);
    const booking = hit('Check-in 14:00 · 2 adults · 5 nights', 'Your vacation rental — CasaStay', 3);
    expect(anchorScreen([chat, booking], 'the holiday booking')).toBe(booking);
  });

  it('keeps the search order when no window names the anchor, or several do', () => {
    const a = hit('Parking permit renewal form', 'Forms — City portal', 8);
    const b = hit('permit renewed until March', 'Inbox — Mail', 5);
    expect(anchorScreen([a, b], 'the permit renewal')).toBe(a);
    const c = hit('Invoice 1 total €10', 'Invoice 1 — Shop', 7);
    const d = hit('Invoice 2 total €20', 'Invoice 2 — Shop', 9);
    expect(anchorScreen([d, c], 'the shop invoice')).toBe(d);
  });
});
