import type { ReactElement } from 'react';
import { hrefFor, type Screen } from '../lib/route.js';
import { IconActivity, IconChat, IconLogo, IconMemories, IconPeople, IconSettings, IconShield, IconSun, IconTimeline } from '../ui/icons.js';
import { CaptureCard } from './capture-card.js';
import { ProgressList } from './progress-list.js';
import { SessionControls } from './session-controls.js';

export const NAV: { screen: Screen; label: string; icon: (p: { size?: number }) => ReactElement }[] = [
  { screen: 'chat', label: 'Chat', icon: IconChat },
  { screen: 'timeline', label: 'Timeline', icon: IconTimeline },
  { screen: 'day', label: 'Day', icon: IconSun },
  { screen: 'activity', label: 'Activity', icon: IconActivity },
  { screen: 'memories', label: 'Memories', icon: IconMemories },
  { screen: 'people', label: 'People & projects', icon: IconPeople },
  { screen: 'privacy', label: 'Privacy', icon: IconShield },
  { screen: 'settings', label: 'Settings', icon: IconSettings },
];

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

export function Sidebar({ current }: { current: Screen }) {
  return (
    <aside className="sidebar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          <IconLogo size={16} />
        </span>
        Engram
      </div>
      <nav className="nav" aria-label="Main">
        {NAV.map((item, i) => (
          <a
            key={item.screen}
            href={hrefFor(item.screen)}
            className="nav-item"
            aria-current={current === item.screen ? 'page' : undefined}
            aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${i + 1}`}
          >
            <item.icon size={17} />
            <span className="nav-label">{item.label}</span>
            <span className="kbd" aria-hidden="true">
              {isMac ? '⌘' : 'Ctrl '}
              {i + 1}
            </span>
          </a>
        ))}
      </nav>
      <div className="sidebar-footer">
        <ProgressList />
        <CaptureCard />
        <SessionControls />
      </div>
    </aside>
  );
}
