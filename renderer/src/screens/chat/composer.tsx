import { useEffect, useRef, useState } from 'react';
import { CHAT_LIMITS } from '../../../../shared/api/index.js';
import { IconSend, IconStop } from '../../ui/icons.js';

interface ComposerProps {
  busy: boolean;
  onSend(text: string): void;
  onStop(): void;
  autoFocus?: boolean;
}

/** Enter sends, Shift+Enter starts a new line; the box grows with what is typed. */
export function Composer({ busy, onSend, onStop, autoFocus }: ComposerProps) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const tooLong = text.length > CHAT_LIMITS.maxQuestionChars;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 220)}px`;
  }, [text]);

  function submit() {
    const t = text.trim();
    if (!t || busy || tooLong) return;
    onSend(t);
    setText('');
  }

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="composer-input" className="sr-only">
        Ask about anything you have seen or said
      </label>
      <textarea
        id="composer-input"
        ref={ref}
        rows={1}
        value={text}
        autoFocus={autoFocus}
        placeholder="Ask about anything you've seen, read or said…"
        aria-invalid={tooLong}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      {busy ? (
        <button type="button" className="btn btn-icon composer-btn" onClick={onStop} aria-label="Stop the answer">
          <IconStop size={14} />
        </button>
      ) : (
        <button type="submit" className="btn btn-primary btn-icon composer-btn" disabled={!text.trim() || tooLong} aria-label="Send">
          <IconSend size={15} />
        </button>
      )}
      {tooLong && (
        <div className="field-error composer-error" role="alert">
          That question is too long ({text.length.toLocaleString()} of {CHAT_LIMITS.maxQuestionChars.toLocaleString()} characters).
        </div>
      )}
    </form>
  );
}
