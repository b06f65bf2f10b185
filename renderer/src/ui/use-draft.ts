import { useEffect, useRef, useState } from 'react';

/**
 * What a field shows while the user edits a saved value. A value that arrives while they type (the
 * late answer to their previous save, or a change made in another window) must not overwrite what
 * they typed; once they commit, the field follows the saved value again.
 */
export function useDraft(value: string): { draft: string; edit(text: string): void; done(): void; reset(): void } {
  const [draft, setDraft] = useState(value);
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setDraft(value);
  }, [value]);
  return {
    draft,
    edit(text) {
      editing.current = true;
      setDraft(text);
    },
    /** The edit is over (committed or refused): later values show again. */
    done() {
      editing.current = false;
    },
    /** Back to the saved value. */
    reset() {
      editing.current = false;
      setDraft(value);
    },
  };
}
