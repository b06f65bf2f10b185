import type { TrustCase } from './trust-attack.js';

/**
 * Side doors (issue 28, leak50): a secret the store may keep, encrypted, that must not leave by a
 * path the redaction never sees. Values made up for these cases alone, so a leak is charged here.
 */
// A Wi-Fi password kept as a "network" entry and a home address: no detector knows either shape.
const NET_PW = 'Quillon-Marten-2287';
const HOME = '9 Cobbler Wynd, Perth PH2 8LF';

export const LEAK_CASES: TrustCase[] = [
  // A note quoting the network's password in capitals, and one quoting the address as written:
  // the store keeps them (encrypted); no export, MCP answer, backup --out or log may carry them.
  { name: 'vault-network-quoted', via: 'vault-quoted', entry: { title: 'Boathouse wifi', entry_type: 'network', secret: NET_PW }, note: `Set up the boathouse printer on the wifi with ${NET_PW.toUpperCase()} as the key`, secret: NET_PW.toUpperCase() },
  { name: 'vault-address-quoted', via: 'vault-quoted', entry: { title: 'Home', entry_type: 'address', secret: HOME }, note: `The furniture arrives at ${HOME}, ring the bell twice`, secret: HOME },
];
