/**
 * Code identifiers and a product's parts are no people (issue 35's last noise on People & projects).
 * Written apart from the precision bench's day: other identifiers, other products, other people.
 */
import { describe, expect, it } from 'vitest';
import { screenBatch as batchOf } from '../helpers/screen-batch.js';
import { extractGraph, type GraphSourceMemory } from '../../agents/graph/index.js';
import { findEntities } from '../../agents/semantic/index.js';
import { codeShaped, techTailed } from '../../shared/text/index.js';

function graph(text: string, extra: Partial<GraphSourceMemory> = {}): Record<string, string> {
  const m: GraphSourceMemory = { id: 'm1', kind: 'episodic', title: '', text, fields: {}, at: 0, ...extra };
  return Object.fromEntries(extractGraph(m).entities.map((e) => [e.name, e.kind]));
}

describe('code identifiers are never entities', () => {
  it('knows the shapes of code, and not the shapes of names', () => {
    for (const code of ['PaymentGateway', 'InvoiceRenderer', 'fetchOrderItems', 'MAX_POOL_SIZE', 'order_total', 'settings.json', 'http.server', 'v2Parser', 'SessionStoreImpl']) {
      expect(codeShaped(code), code).toBe(true);
    }
    // Brands written joined are names too, not code.
    for (const name of ['McDonald', 'DeShawn Lee', "O'Neil", 'MacArthur', 'LeBron James', 'Siobhan', 'NASA', 'Zoë Ndiaye', 'Jean-Luc Picard', 'A. Souza', 'LinkedIn', 'WhatsApp', 'SoundCloud', 'DeepMind', 'iPhone', 'eBay']) {
      expect(codeShaped(name), name).toBe(false);
    }
  });

  it('the graph keeps no identifier from an editor or a log, and keeps the people beside it', () => {
    const seen = graph('Marisol Ortega fixed the retry in PaymentGateway and renamed fetchOrderItems; InvoiceRenderer still throws when MAX_POOL_SIZE is low.');
    expect(seen).toMatchObject({ 'Marisol Ortega': 'person' });
    for (const code of ['PaymentGateway', 'InvoiceRenderer', 'MAX_POOL_SIZE', 'fetchOrderItems']) expect(seen[code], code).toBeUndefined();
    // An actor named like code (a bot account's class) is no person either.
    expect(graph('The nightly job ran.', { fields: { actor: 'BuildScheduler' } })['BuildScheduler']).toBeUndefined();
  });

  it('real people whose names are joined or apostrophised stay people', () => {
    const seen = graph("Lunch with Ronald McDonald, DeShawn Lee and Aoife O'Neil on the terrace.");
    expect(seen).toMatchObject({ 'Ronald McDonald': 'person', 'DeShawn Lee': 'person', "Aoife O'Neil": 'person' });
  });

  it('a known brand written joined stays what compromise knows it for', () => {
    expect(graph('Paid the invoice through PayPal this morning.')['PayPal']).toBe('organization');
  });

  it('the screen entity finder does not take a joined identifier for a person', () => {
    const a = batchOf([
      { app: 'Code', title: 'editor', text: 'class Ronald HttpClient extends Base\nRonald HttpClient retries twice' },
      { app: 'Code', title: 'editor', text: 'Reviewed by Ronald McDonald\nRonald McDonald approved the change' },
    ]);
    const found = findEntities(a).map((e) => `${e.name}/${e.type}`);
    expect(found.some((n) => n.includes('HttpClient'))).toBe(false);
    expect(found).toContain('Ronald McDonald/person');
  });
});

describe('a product part named by a UI or tech abbreviation is no person', () => {
  it('knows the tails and OCR reading I as l', () => {
    for (const n of ['Billing UI', 'Billing Ul', 'Search API', 'Tasks App', 'Maps SDK', 'Deploy CLI']) expect(techTailed(n), n).toBe(true);
    for (const n of ['Ulla Berg', 'Paul', 'Appleton Hill', 'Raul Appiah', 'DeShawn Lee']) expect(techTailed(n), n).toBe(false);
  });

  it('the graph does not type "Billing Ul" or "Orders API" a person, and keeps the people', () => {
    const seen = graph('Opened Billing Ul after Hannah Weber said the Orders API was slow, and asked Kemal Aydin about the Tasks App.');
    expect(seen['Billing Ul']).toBeUndefined();
    expect(seen['Orders API']).toBeUndefined();
    expect(seen['Tasks App']).toBeUndefined();
    expect(seen).toMatchObject({ 'Hannah Weber': 'person', 'Kemal Aydin': 'person' });
  });

  it('a named project keeps its name whatever its last word', () => {
    expect(graph('Kickoff for Project Atlas App went well.')['Project Atlas App']).toBe('project');
  });
});
