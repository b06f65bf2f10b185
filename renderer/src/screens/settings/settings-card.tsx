import type { ReactNode } from 'react';

/**
 * One card of the Settings screen: an icon, a title and a line saying what it is about, an optional
 * control beside the title (a switch, a choice, a badge), and the card's settings below.
 */
export function SettingsCard({
  id,
  icon,
  title,
  desc,
  aside,
  grow = true,
  children,
}: {
  /** The title's element id, which labels the card. */
  id: string;
  icon: ReactNode;
  title: ReactNode;
  desc: ReactNode;
  aside?: ReactNode;
  /** The title takes the room left by `aside` (false: the title block keeps its own width). */
  grow?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-header">
        <div className="card-header-icon">{icon}</div>
        <div className={grow ? 'grow' : undefined}>
          <div className="card-title" id={id}>
            {title}
          </div>
          <div className="card-desc">{desc}</div>
        </div>
        {aside}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
