/**
 * What People & projects lists from a route and from pages (issue 35's last noise): the streets a
 * route turns through are directions, not places; its destination stays. Written apart from the
 * precision bench's day: other cities, other streets, other languages, and texts that are no route.
 */
import { describe, expect, it } from 'vitest';
import { extractGraph, type GraphSourceMemory } from '../../agents/graph/index.js';
import { routeSteps, showsRoute } from '../../shared/text/index.js';

function graph(text: string, extra: Partial<GraphSourceMemory> = {}): Record<string, string> {
  const m: GraphSourceMemory = { id: 'm1', kind: 'episodic', title: '', text, fields: {}, at: 0, ...extra };
  return Object.fromEntries(extractGraph(m).entities.map((e) => [e.name, e.kind]));
}

describe('a route is directions, not places', () => {
  it('tells a turn list from prose that names a street', () => {
    expect(showsRoute('1. Head north on Elm Road\n2. Turn left onto Baker Street\n3. Arrive at Quayside Books')).toBe(true);
    expect(routeSteps('Walk: Head west on Mill Lane → Keep right onto Harbour Road → Arrive at the ferry')).toHaveLength(3);
    // One direction is a sentence, not a route; a street in prose is no step at all.
    expect(showsRoute('Turn left at the bakery if you come by bus.')).toBe(false);
    expect(showsRoute('We moved the office to Baker Street last spring.')).toBe(false);
  });

  it('the streets a numbered route turns through are no entities; the destination and its city stay', () => {
    const seen = graph('Driving · 22 min\n1. Head north on Elm Road\n2. Turn left onto Baker Street\n3. Continue onto Marylebone Lane for 800 m\n4. Arrive at Quayside Books, 14 Harbour Road, Leeds');
    for (const street of ['Elm Road', 'Baker Street', 'Marylebone Lane', 'Harbour Road']) expect(seen[street], street).toBeUndefined();
    expect(seen['Leeds']).toBe('place');
    expect(seen['Quayside Books']).toBeDefined();
  });

  it('a route joined with arrows, in German and with OCR’s reading of ß, names no street either', () => {
    const seen = graph('Fahrrad: Head east on Lindenallee → Rechts abbiegen auf Gartenweg → Turn right onto Kaiserstrafe → Continue onto Marktplatz → Arrive at Stadtbibliothek, Hamburg');
    for (const street of ['Lindenallee', 'Gartenweg', 'Kaiserstrafe', 'Marktplatz']) expect(seen[street], street).toBeUndefined();
    expect(seen['Hamburg']).toBe('place');
  });

  it('a street said outside the turn list, or in a text that is no route, stays a place', () => {
    expect(graph('Dinner at Osteria Lupa on Baker Street with Hannah Cole.')['Baker Street']).toBe('place');
    const seen = graph('Hannah lives on Harbour Road.\nHead north on Elm Road\nTurn left onto Harbour Road\nArrive at Leeds Station');
    expect(seen['Harbour Road']).toBe('place');
    expect(seen['Elm Road']).toBeUndefined();
  });
});

describe('a repository named in a title is a project', () => {
  it('reads owner/name from a code host page’s title, as the address spells it', () => {
    expect(graph('Browsed "Issues · orbit-labs/heliograph" in Firefox')).toMatchObject({ 'orbit-labs/heliograph': 'project' });
    expect(graph('Web page "Bump serde to 1.0.200 by dependabot · Pull Request #91 · kestrel/wingspan"', { kind: 'resource', title: 'Bump serde to 1.0.200 by dependabot · Pull Request #91 · kestrel/wingspan' })).toMatchObject({ 'kestrel/wingspan': 'project' });
    expect(graph('Mail "[quill-dev/quill] Fix login loop (#12)" from GitHub')).toMatchObject({ 'quill-dev/quill': 'project' });
  });

  it('a slash in prose, a date, a unit or a path is no repository', () => {
    for (const text of ['Browsed "Notes — and/or clauses in pull requests" in Firefox', 'Browsed "Issues filed 12/2026 · Tracker" in Firefox', 'Read "Speed limits in km/h — Commits to road safety" in Firefox', 'Saw the issue in src/exporter.ts today.', 'Browsed "Budget 2026/27 — Sheets" in Firefox']) {
      expect(Object.keys(graph(text)).filter((n) => n.includes('/')), text).toEqual([]);
    }
  });
});
