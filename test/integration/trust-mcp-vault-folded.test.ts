/**
 * What an MCP client is sent holds no copy of a vault value, whether or not it is written exactly as
 * the vault keeps it (issue 28). The guard cut exact copies only: a note quoting a Wi-Fi password in
 * capitals, or an address across a line break, went out whole. Real encrypted store; made-up values.
 */
import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { VaultGuard } from '../../electron/engine/vault-guard.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const NET = 'Quillon-Marten-2287';
const HOME = '9 Cobbler Wynd, Perth PH2 8LF';

describe('the MCP vault guard and copies written otherwise', () => {
  let store: EngramStore;
  tempStoreEachTest('engram-mcp-vault-folded-', (t) => {
    store = t.store;
    store.memories.insert({ kind: 'knowledge_vault', title: 'Boathouse wifi', text: 'Boathouse wifi', fields: { entry_type: 'network', sensitivity: 'medium', secret: NET, source: 'user' } });
    store.memories.insert({ kind: 'knowledge_vault', title: 'Home', text: 'Home', fields: { entry_type: 'address', sensitivity: 'medium', secret: HOME, source: 'user' } });
  });

  it('cuts a copy in other capitals or across a line break, in text and in every string of a value', () => {
    const guard = new VaultGuard(store);
    const text = guard.text(`joined with ${NET.toUpperCase()} today`);
    expect(text).not.toContain('QUILLON');
    expect(text).toMatch(/^joined with \[.+\] today$/);
    const deep = JSON.stringify(guard.deep({ items: [{ text: `Deliver to 9 COBBLER WYND,\nPERTH PH2 8LF before noon`, id: 'mem_1' }] }));
    expect(deep).not.toMatch(/cobbler/i);
    expect(deep).toContain('before noon');
    expect(deep).toContain('mem_1');
    // The exact copy is still withheld as before.
    expect(guard.text(`the key ${NET}`)).toBe('the key [withheld: knowledge-vault secret]');
  });

  it('leaves text that names parts of a value but quotes none', () => {
    const guard = new VaultGuard(store);
    expect(guard.text('Cobbler Wynd is closed for works; Perth is north')).toBe('Cobbler Wynd is closed for works; Perth is north');
    expect(guard.text('Quillon is a word in fencing; Marten is an animal')).toBe('Quillon is a word in fencing; Marten is an animal');
  });
});
