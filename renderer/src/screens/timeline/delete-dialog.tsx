import type { TimelineItemRef } from '../../../../shared/api/index.js';
import { fmtCount } from '../../lib/format.js';
import { Dialog } from '../../ui/dialog.js';
import { IconTrash } from '../../ui/icons.js';

/** Asks before deleting moments and memories from the timeline. */
export function DeleteDialog({ refs, onCancel, onDelete }: { refs: TimelineItemRef[]; onCancel: () => void; onDelete: (refs: TimelineItemRef[]) => void }) {
  return (
    <Dialog
      title={refs.length === 1 ? 'Delete this item?' : `Delete ${refs.length.toLocaleString()} items?`}
      tone="danger"
      icon={<IconTrash size={18} />}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" data-testid="confirm-delete" onClick={() => onDelete(refs)}>
            Delete
          </button>
        </>
      }
    >
      <p>
        {describeRefs(refs)} will be deleted from this computer. Memories made from these screens go with them, so nothing learned from them stays
        behind.
      </p>
    </Dialog>
  );
}

function describeRefs(refs: TimelineItemRef[]): string {
  const screens = refs.filter((r) => r.type !== 'memory').length;
  const memories = refs.length - screens;
  const parts: string[] = [];
  if (screens) parts.push(fmtCount(screens, 'screen moment'));
  if (memories) parts.push(fmtCount(memories, 'memory', 'memories'));
  return parts.join(' and ');
}

/** Item keys (`type:id`) as the references the host deletes by. */
export function refsOf(keys: Iterable<string>): TimelineItemRef[] {
  return [...keys].map((k) => {
    const i = k.indexOf(':');
    return { type: k.slice(0, i) as TimelineItemRef['type'], id: k.slice(i + 1) };
  });
}
