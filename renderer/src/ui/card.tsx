import type { ReactNode } from 'react';

/**
 * One card of the Settings and Privacy screens: an icon, a title and a line saying what it is
 * about, an optional control beside the title (a switch, a choice, a badge, a button), and the
 * card's content below.
 */
export function Card({
  id,
  icon,
  tone,
  title,
  desc,
  descTestId,
  aside,
  grow = true,
  className,
  testId,
  bodyClassName,
  body = true,
  after,
  children,
}: {
  /** The title's element id, which labels the card. */
  id: string;
  icon: ReactNode;
  /** The icon's colour: 'tone-ok', 'tone-warn', 'tone-danger'. */
  tone?: string;
  title: ReactNode;
  desc: ReactNode;
  descTestId?: string;
  aside?: ReactNode;
  /** The title takes the room left by `aside` (false: the title block keeps its own width). */
  grow?: boolean;
  /** Beside 'card' on the card itself ('danger-card'). */
  className?: string;
  testId?: string;
  bodyClassName?: string;
  /** False: the children follow the header as they are (a dialog), with no body block. */
  body?: boolean;
  /** After the body, inside the card: a dialog the card opens. */
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id} data-testid={testId}>
      <div className="card-header">
        <div className={tone ? `card-header-icon ${tone}` : 'card-header-icon'}>{icon}</div>
        <div className={grow ? 'grow' : undefined}>
          <div className="card-title" id={id}>
            {title}
          </div>
          <div className="card-desc" data-testid={descTestId}>
            {desc}
          </div>
        </div>
        {aside}
      </div>
      {body ? <div className={bodyClassName ? `card-body ${bodyClassName}` : 'card-body'}>{children}</div> : children}
      {after}
    </section>
  );
}
