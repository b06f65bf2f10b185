import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuEntry {
  label: string;
  hint?: string;
  icon?: ReactNode;
  onSelect(): void;
}

interface MenuButtonProps {
  label: ReactNode;
  /** Accessible name when the button shows only an icon. */
  ariaLabel?: string;
  className?: string;
  heading?: string;
  items: MenuEntry[];
}

/** A button that opens a small menu; arrow keys move, Enter picks, Escape closes. */
export function MenuButton({ label, ariaLabel, className = 'btn', heading, items }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const first = anchor.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
    const onDoc = (e: MouseEvent) => {
      if (!anchor.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  function onMenuKey(e: React.KeyboardEvent) {
    const items = [...(anchor.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(i + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i - 1 + items.length) % items.length]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  }

  return (
    <div className="menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <div className="menu" role="menu" id={menuId} onKeyDown={onMenuKey}>
          {heading && <div className="menu-label">{heading}</div>}
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.icon}
              {item.label}
              {item.hint && <span className="hint">{item.hint}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
