/**
 * Names whose first word is joined ("DeShawn", "McKenzie") are found on screen like any other
 * (issue 35's missed person), and code written joined still is not; a joined brand ending in a
 * program's part ("FreightStore") is told from code by the text around it. Written apart from the
 * precision bench's day: other people, other identifiers.
 */
import { describe, expect, it } from 'vitest';
import { screenBatch as batchOf } from '../helpers/screen-batch.js';
import { extractGraph } from '../../agents/graph/index.js';
import { findEntities } from '../../agents/semantic/index.js';
import { codeShaped } from '../../shared/text/index.js';

describe('the screen entity finder reads joined first names', () => {
  it('finds a person whose first name is joined, and keeps code out', () => {
    const a = batchOf([
      { app: 'Mail', title: 'Inbox', text: 'From: DeAndre Hopkins\nDeAndre Hopkins approved the travel budget\nMcKenzie Hart joined the call' },
      { app: 'Slack', title: 'team', text: 'McKenzie Hart: running late\nLeAnn Rimes sang at the party\nPaymentGateway Config reloaded twice\nPaymentGateway Config failed' },
    ]);
    const found = findEntities(a).map((e) => `${e.name}/${e.type}`);
    expect(found).toContain('DeAndre Hopkins/person');
    expect(found).toContain('McKenzie Hart/person');
    expect(found.some((n) => n.startsWith('PaymentGateway'))).toBe(false);
  });
});

describe('a joined brand ending in a program’s part', () => {
  const graph = (text: string) => Object.fromEntries(extractGraph({ id: 'm1', kind: 'episodic', title: '', text, fields: {}, at: 0 }).entities.map((e) => [e.name, e.kind]));

  it('is a name in plain prose about it', () => {
    expect(graph('Opened a support ticket with FreightStore about the late parcel; FreightStore answered within an hour.')['FreightStore']).toBeDefined();
    expect(codeShaped('ParcelService', 'I pay ParcelService 12 EUR a month for pickups.')).toBe(false);
  });

  it('is code where the text shows code, or where there is no text to tell', () => {
    expect(graph('const store = new FreightStore(config); store.flush();')['FreightStore']).toBeUndefined();
    expect(graph('Renamed shipping_rates and moved FreightStore under the billing module.')['FreightStore']).toBeUndefined();
    expect(codeShaped('ParcelService', 'ParcelService.create() throws when the token expired')).toBe(true);
    expect(codeShaped('ParcelService')).toBe(true);
  });
});
