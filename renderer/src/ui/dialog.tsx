import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
  onClose(): void;
  children: ReactNode;
  footer: ReactNode;
  /** Element to focus first (e.g. a typed-confirmation field); defaults to the first focusable one. */
  initialFocus?: React.RefObject<HTMLElement | null>;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Modal dialog: traps focus, closes on Escape or a click outside, and gives focus back on close. */
export function Dialog({ title, icon, tone = 'default', onClose, children, footer, initialFocus }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const el = ref.current;
    const first = initialFocus?.current ?? el?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => previous?.focus?.();
  }, [initialFocus]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className="dialog"
        role={tone === 'danger' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-header">
          {icon && <div className={`dialog-icon${tone === 'danger' ? ' danger' : ''}`}>{icon}</div>}
          <div className="dialog-title" id={titleId}>
            {title}
          </div>
        </div>
        <div className="dialog-body" id={bodyId}>
          {children}
        </div>
        <div className="dialog-footer">{footer}</div>
      </div>
    </div>
  );
}
