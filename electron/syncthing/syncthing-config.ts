import { SyncthingError } from './syncthing-error.js';

/** What may reach beyond the user's own devices. All off unless the user opts in. */
export interface SyncthingReach {
  /** Syncthing's global discovery servers (announce this device's address to the internet). */
  globalDiscovery: boolean;
  /** Broadcast on the local network so devices there find each other without an address. */
  localDiscovery: boolean;
  /** Syncthing's public relays, for devices that cannot reach each other directly. */
  relays: boolean;
  /** UPnP / NAT-PMP port mapping on the router. */
  nat: boolean;
}

export const PRIVATE_REACH: SyncthingReach = { globalDiscovery: false, localDiscovery: false, relays: false, nat: false };

/** The options Engram's instance runs with: nothing phones home (usage reports, crash reports, upgrades). */
export function engramOptions(listen: string, reach: SyncthingReach) {
  return {
    listenAddresses: [listen],
    globalAnnounceEnabled: reach.globalDiscovery,
    localAnnounceEnabled: reach.localDiscovery,
    relaysEnabled: reach.relays,
    natEnabled: reach.nat,
    urAccepted: -1,
    autoUpgradeIntervalH: 0,
    crashReportingEnabled: false,
    startBrowser: false,
  };
}

const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Sets the same options in a config.xml that `syncthing generate` wrote, before Syncthing first
 * runs: it announces, maps ports and dials relays as soon as it starts, before any REST call could
 * turn that off. Each element must be present once (it is in every generated config), else CONFIG.
 */
export function privateConfigXml(xml: string, listen: string, reach: SyncthingReach): string {
  const o = engramOptions(listen, reach);
  const values: [string, string][] = [
    ['listenAddress', o.listenAddresses[0]!],
    ['globalAnnounceEnabled', String(o.globalAnnounceEnabled)],
    ['localAnnounceEnabled', String(o.localAnnounceEnabled)],
    ['relaysEnabled', String(o.relaysEnabled)],
    ['natEnabled', String(o.natEnabled)],
    ['urAccepted', String(o.urAccepted)],
    ['autoUpgradeIntervalH', String(o.autoUpgradeIntervalH)],
    ['crashReportingEnabled', String(o.crashReportingEnabled)],
    ['startBrowser', String(o.startBrowser)],
  ];
  let out = xml;
  for (const [name, value] of values) {
    const re = new RegExp(`<${name}>[^<]*</${name}>`, 'g');
    const hits = out.match(re)?.length ?? 0;
    if (hits !== 1) throw new SyncthingError('CONFIG', `Syncthing's generated config has ${hits} <${name}> elements, not one; Engram will not run it`);
    out = out.replace(re, `<${name}>${xmlText(value)}</${name}>`);
  }
  return out;
}
