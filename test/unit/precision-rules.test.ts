/**
 * Rules that keep what Engram writes worth keeping (issue 35), each checked on wordings apart from
 * the precision bench's day: other pages, other names, and the negatives a rule must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { screenBatch as batchOf } from '../helpers/screen-batch.js';
import { findResources } from '../../agents/resource/index.js';
import { extractGraph } from '../../agents/graph/index.js';
import { findEntities, screenFacts, SemanticAgent } from '../../agents/semantic/index.js';
import { saidNextTo } from '../../agents/semantic/person-facts.js';
import type { BrainStore, SubAgentContext } from '../../agents/subagent-kit/index.js';
import { TimeFormatter } from '../../shared/time/index.js';

describe('resources: every page read is one resource, even when its address could not be read', () => {
  it('a browser page without a URL is known by its title, once however many frames show it', () => {
    const a = batchOf([
      { app: 'Firefox', title: 'Quarterly OKRs – Confluence — Mozilla Firefox', text: 'Objective 1: grow the EU region' },
      { app: 'Firefox', title: 'Quarterly OKRs – Confluence — Mozilla Firefox', text: 'Objective 1: grow the EU region\nKR 2: 40 new accounts' },
      { app: 'Google Chrome', title: 'Invoice 2231 · Stripe Dashboard - Google Chrome', text: 'Amount due 120 USD' },
    ]);
    expect(findResources(a).map((r) => [r.resource_type, r.location, r.title, r.sources.length])).toEqual([
      ['url', null, 'Quarterly OKRs – Confluence', 2],
      ['url', null, 'Invoice 2231 · Stripe Dashboard', 1],
    ]);
  });

  it('a new tab, a search page or a sign-in wall is no resource, and a page with a URL keeps its URL', () => {
    const a = batchOf([
      { app: 'Firefox', title: 'New Tab — Mozilla Firefox', text: 'Top sites' },
      { app: 'Chromium', title: 'Sign in – Acme SSO - Chromium', text: 'Password' },
      { app: 'Firefox', title: 'Pricing — Mozilla Firefox', url: 'https://acme.dev/pricing', text: 'Plans' },
      // While a page loads its tab shows the bare path or address; its own title follows.
      { app: 'Chromium', title: '/home/bo/reports/q1.html - Chromium', text: '' },
      { app: 'Firefox', title: 'intranet.acme.dev/wiki/Onboarding — Mozilla Firefox', text: '' },
    ]);
    expect(findResources(a).map((r) => [r.location, r.title])).toEqual([['https://acme.dev/pricing', 'Pricing']]);
  });
});

const graphNames = (m: { kind: string; title?: string; text: string; fields?: Record<string, unknown> }) =>
  extractGraph({ id: 'm1', title: '', fields: {}, at: 0, ...m }).entities.map((e) => `${e.name}/${e.kind}`);

describe('graph: no entity named by a page title or a UI label', () => {
  it('the window an episode quotes is not read for names; names outside the quotes are', () => {
    expect(graphNames({ kind: 'episodic', text: 'Browsed "Quarterly report — Acme Portal", Mon 2 Nov 10:00' })).toEqual([]);
    expect(graphNames({ kind: 'episodic', text: 'Read mail "Invoice overdue – Billing Hub" from Ana Souza' })).toEqual(['Ana Souza/person']);
    expect(graphNames({ kind: 'semantic', title: '"Order 77 — Northwind Shop": Total: 12 EUR', text: '"Order 77 — Northwind Shop" — Total: 12 EUR', fields: { name: 'x', source: 'screen' } })).toEqual([]);
  });

  it('a page is a document by its title, and the words of its title are not people', () => {
    expect(graphNames({ kind: 'resource', title: 'Team directory — Acme People', text: 'Web page "Team directory — Acme People", opened', fields: { resource_type: 'url' } })).toEqual(['Team directory — Acme People/document']);
  });

  it('a word before a colon is a label, and a step after an arrow or a dash starts a phrase', () => {
    expect(graphNames({ kind: 'semantic', text: 'Sprint board — Reviewer: Ana Souza' })).toEqual(['Ana Souza/person']);
    expect(graphNames({ kind: 'procedural', text: 'Deploy: build the image → Restart the worker → Verify the logs' })).toEqual([]);
  });
});

describe('screen facts: labelled values, not terminal output, mail subjects or list items', () => {
  it('a shell window has no labelled facts', () => {
    const a = batchOf([{ app: 'xterm', title: 'dev@ci-7: ~/repo', text: 'Receiving objects: 40% (12/30)\nResolving deltas: 100% (3/3)' }]);
    expect(screenFacts(a)).toEqual([]);
  });

  it("a mail subject's reply mark is not a label", () => {
    const a = batchOf([{ app: 'Thunderbird', title: 'Inbox - Thunderbird', text: 'Marta Silva Fwd: Contract draft for Monday\nRui Costa RE: Lunch on Friday' }]);
    expect(screenFacts(a)).toEqual([]);
  });

  it('a labelled postal address is left to the vault; the other labelled values stay facts', () => {
    const a = batchOf([{ app: 'Firefox', title: 'Reservation 8812', text: 'Your table is booked\nShipping address: 14 Elm Road, Leeds\nGuests: 4\nAnschrift: Hauptstraße 5, 10115 Berlin' }]);
    expect(screenFacts(a).map((f) => f.text)).toEqual(['Guests: 4']);
  });

  it('a list item or an address bar does not head the facts under it: the window title does', () => {
    const a = batchOf([
      { app: 'Firefox', title: 'Release checklist', text: '3. Verify the checksum matches.\nMaintainer: Rui Costa' },
      { app: 'Firefox', title: 'Order 5521', text: 'shop.example.com › Orders\nOrder total: 84.20 EUR' },
      { app: 'Firefox', title: 'Trip', text: 'Flight details\nGate: B14' },
    ]);
    expect(screenFacts(a).map((f) => f.subject)).toEqual(['Release checklist', 'Order 5521', 'Flight details']);
  });
});

describe('people: a profile says what the screen said next to the name', () => {
  it('the rest of the line, or the line under a name standing alone; contact details left to the vault', () => {
    const a = batchOf([
      { app: 'Contacts', title: 'Contacts', text: 'Dr. Rui Costa\nOrthodontist, Clínica Sorriso\n+351 912 345 678' },
      { app: 'Slack', title: 'general', text: 'Lena Fischer 09:41\nThe release moves to Monday after the audit.' },
      { app: 'Firefox', title: 'People', text: 'Omar Haddad   Staff Engineer   Platform   omar.haddad@acme.io' },
    ]);
    expect(saidNextTo('Rui Costa', a, [0]).map((x) => x.text)).toEqual(['Orthodontist, Clínica Sorriso']);
    // A chat sender's line (name and time): the line under it is what they wrote.
    expect(saidNextTo('Lena Fischer', a, [1]).map((x) => x.text)).toEqual(['wrote: The release moves to Monday after the audit.']);
    expect(saidNextTo('Omar Haddad', a, [2]).map((x) => x.text)).toEqual(['Omar Haddad Staff Engineer Platform']);
    // A column read apart from its row: the line under the name is the next row, not about them.
    const table = batchOf([{ app: 'Calc', title: 'Plan', text: 'Omar Haddad\n3 Lisbon 12 7,300 Bea Lopes' }]);
    expect(saidNextTo('Omar Haddad', table, [0])).toEqual([]);
  });

  it('a name seen with nothing said beside it is not a memory', () => {
    const a = batchOf([
      { app: 'Firefox', title: 'Board', text: 'Sarah Miller\nSarah Miller' },
      { app: 'Slack', title: 'Board 2', text: 'Sarah Miller' },
      { app: 'Mail', title: 'Mail', text: 'Peter Walsh\nHead of Procurement, Nordvik Shipping' },
      { app: 'Firefox', title: 'Directory', text: 'Peter Walsh\nHead of Procurement, Nordvik Shipping' },
    ]);
    const agent = new SemanticAgent({} as BrainStore, new TimeFormatter('UTC'));
    const profiles = agent.extract({ analysis: a } as SubAgentContext).filter((d) => d.fields?.source !== 'screen' || !String(d.title).includes(':'));
    const byName = Object.fromEntries(profiles.map((d) => [d.title, d.text]));
    expect(byName['Sarah Miller']).toBeUndefined();
    expect(byName['Peter Walsh']).toMatch(/Peter Walsh \(person\): Head of Procurement, Nordvik Shipping/);
  });

  it('a month abbreviation opening a statement line is not part of a name', () => {
    const a = batchOf([{ app: 'Firefox', title: 'Statement', text: '02 Sep Transfer to Kranz Rentals -900.00\n14 Sep Transfer from Ana Lima +80.00' }]);
    expect(findEntities(a).map((e) => e.name)).not.toContain('Sep Transfer');
  });
});
