import { VaultCut, type EngramStore } from '../store/index.js';

/**
 * What an export writes, with every knowledge-vault value it quotes masked, unless the user asked
 * for secrets in clear (issue 28). The detectors mask a key or a card wherever it was kept; a Wi-Fi
 * password kept as a "network" entry, a recovery code in a note, an address have no shape they know,
 * so a memory quoting them without their label still holds them. A JSON or Markdown export is plain
 * text that leaves the machine: it gets the cut every model prompt gets (VaultCut: every kind but
 * contacts, long and varied values only, in any case and across line breaks), in every string of
 * what is written (title, text, fields, sources, earlier versions, the graph's facts).
 */
export type ExportMask = <T>(value: T) => T;

const asIs: ExportMask = (v) => v;

export function exportMask(store: EngramStore, includeSecrets: boolean | undefined): ExportMask {
  if (includeSecrets === true) return asIs;
  const cut = new VaultCut(store.memories);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return cut.text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && !Buffer.isBuffer(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return <T>(value: T): T => walk(value) as T;
}
