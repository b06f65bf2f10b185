import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';

// Pages made up for this test: a print shop's guide (English and German), a ferry booking (English
// and German), an airline's booking, a clinic's letter. The questions name the standard a printer
// wants, or how early to be at the place one goes to ("the port", "the clinic"), in other words than
// the pages, which count back from the event ("45 minutes before departure").
const AT = '2026-11-03T14:05:00.000Z';
const ask = (q: string, title: string, text: string) => askPage(q, title, text, AT);
const stated = statedLead;

const guide = 'Getting your artwork ready\nExport as PDF/X-4.\nAdd 3 mm bleed on every side.\nUse CMYK colours throughout.';
const weber = 'Druckdaten\nBeschnitt: 3 mm an allen Seiten\nAuflösung: mindestens 300 dpi\nFormat: PDF/X-4';
const ferry = 'Booking ref SL4482\nSailing Harwich to Hook of Holland 14:30\nCheck-in closes 45 minutes before departure.\nCabins are ready from 15:00.';
const faehre = 'Ihre Buchung\nAbfahrt Kiel 14:30\nCheck-in schließt 45 Minuten vor Abfahrt.\nKabinen ab 15:00 bezugsfertig.';
const flight = 'Flight SK 221 Oslo to Bergen 09:40\nCheck-in closes 40 minutes before departure.\nOne cabin bag included.';

describe('a setting or a standard a page asks for', () => {
  it('states the PDF standard the printer wants, from a step or a label, whoever the page says wants it', () => {
    expect(stated(ask('Which PDF standard does the printer want?', 'Print guide — Printly', guide))).toBe('Export as PDF/X-4');
    expect(stated(ask('What PDF standard does the print shop need?', 'Druckerei Weber — Druckdaten', weber))).toBe('Format: PDF/X-4');
  });

  it("states the standard a dialog's row is set to, not the preset's bare name beside it", () => {
    const dialog = 'Export\nPreset: PDF (press ready)\nRaster DPI: 300\nCompatibility: PDF/X-4\nBleed: Include bleed ☑';
    expect(stated(ask('Which PDF standard did I export with?', 'Export — Layout app', dialog))).toBe('Compatibility: PDF/X-4');
    const unset = 'Export\nPreset: Custom\nRaster DPI: 150\nCompatibility: None\nBleed: Off';
    expect(stated(ask('Which PDF standard did I export with?', 'Export — Layout app', unset))).not.toMatch(/^Compatibility|^Raster/);
  });

  it('states no standard a page does not give, and no resolution for a thing it is not about', () => {
    const plain = 'Getting your artwork ready\nAdd 3 mm bleed on every side.\nSend the files by Friday.';
    expect(stated(ask('Which PDF standard does the printer want?', 'Print guide — Printly', plain))).not.toMatch(/PDF\//);
    expect(stated(ask('What resolution does the projector need?', 'Druckerei Weber — Druckdaten', weber))).not.toMatch(/300 dpi/);
  });
});

describe('how early to be at the place one goes to for an event', () => {
  it('states the span before the sailing for "the port", in English and in German', () => {
    expect(stated(ask('How early should I be at the port?', 'Your crossing — Stena', ferry))).toBe('Check-in closes 45 minutes before departure');
    expect(stated(ask('How early do we have to get to the port?', 'Nordfähre — Buchung', faehre))).toBe('Check-in schließt 45 Minuten vor Abfahrt');
  });

  it('states the span before an appointment for "the clinic", cut from the time run into it', () => {
    const clinic = 'MRI scan · Tue 3 Nov · 09:00\nPlease arrive 20 minutes before your appointment to fill in the forms.';
    expect(stated(ask('How early should I be at the clinic?', 'Your appointment — Helix Clinic', clinic))).toBe('Please arrive 20 minutes before your appointment to fill in the forms');
  });

  it("does not answer for the port with an airline's check-in, nor for the airport with a ferry's", () => {
    expect(stated(ask('How early should I be at the port?', 'Trip — SkyLink', flight))).not.toMatch(/40 minutes/);
    expect(stated(ask('How early do I need to be at the airport?', 'Your crossing — Stena', ferry))).not.toMatch(/45 minutes/);
  });
});
