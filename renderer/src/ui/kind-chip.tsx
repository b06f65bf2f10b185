import type { MemoryTab } from '../../../shared/api/index.js';
import { KIND_SINGULAR } from '../lib/kinds.js';

export function KindChip({ kind, label }: { kind: MemoryTab; label?: string }) {
  return (
    <span className={`chip kind-chip kind-${kind}`}>
      <span className="dot" aria-hidden="true" />
      {label ?? KIND_SINGULAR[kind]}
    </span>
  );
}
