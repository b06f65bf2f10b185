import { lazy, Suspense, useEffect } from 'react';
import { useApi } from '../lib/api-context.js';
import { navigate, useRoute, type Screen } from '../lib/route.js';
import { engramTitle } from '../../../shared/api/index.js';
import { useLiveData } from '../lib/use-live-data.js';
import { ChatScreen } from '../screens/chat/chat-screen.js';
import { useAppStore } from '../state/app-store.js';
import { Toasts } from '../ui/toasts.js';
import { NAV, Sidebar } from './sidebar.js';

// Screens other than the first one load on demand, keeping the first paint small.
const TimelineScreen = lazy(() => import('../screens/timeline/timeline-screen.js').then((m) => ({ default: m.TimelineScreen })));
const DayScreen = lazy(() => import('../screens/day/day-screen.js').then((m) => ({ default: m.DayScreen })));
const ActivityScreen = lazy(() => import('../screens/activity/activity-screen.js').then((m) => ({ default: m.ActivityScreen })));
const MemoriesScreen = lazy(() => import('../screens/memories/memories-screen.js').then((m) => ({ default: m.MemoriesScreen })));
const EntitiesScreen = lazy(() => import('../screens/entities/entities-screen.js').then((m) => ({ default: m.EntitiesScreen })));
const PrivacyScreen = lazy(() => import('../screens/privacy/privacy-screen.js').then((m) => ({ default: m.PrivacyScreen })));
const MomentScreen = lazy(() => import('../screens/moment/moment-screen.js').then((m) => ({ default: m.MomentScreen })));
const SettingsScreen = lazy(() => import('../screens/settings/settings-screen.js').then((m) => ({ default: m.SettingsScreen })));

function useTheme(): void {
  const theme = useAppStore((s) => s.theme);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', theme);
  }, [theme]);
}

function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.metaKey || e.ctrlKey) || e.altKey || e.shiftKey) return;
      const n = Number(e.key);
      const item = Number.isInteger(n) ? NAV[n - 1] : undefined;
      if (item) {
        e.preventDefault();
        navigate(item.screen);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function ScreenView({ screen, parts }: { screen: Screen; parts: string[] }) {
  switch (screen) {
    case 'chat':
      return <ChatScreen threadId={parts[0] ?? null} />;
    case 'timeline':
      return <TimelineScreen day={parts[0] ?? null} at={parts[1] ?? null} />;
    case 'day':
      return <DayScreen day={parts[0] ?? null} />;
    case 'activity':
      return <ActivityScreen />;
    case 'memories':
      return <MemoriesScreen tab={parts[0] ?? null} memoryId={parts[1] ?? null} />;
    case 'people':
      return <EntitiesScreen entityId={parts[0] ?? null} />;
    case 'privacy':
      return <PrivacyScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'moment':
      return <MomentScreen id={parts[0] ?? null} query={parts[1] ?? ''} />;
  }
}

export function App() {
  const api = useApi();
  useLiveData(api);
  useTheme();
  useShortcuts();
  const route = useRoute();
  const connection = useAppStore((s) => s.connection);
  const title = NAV.find((n) => n.screen === route.screen)?.label ?? 'Engram';

  useEffect(() => {
    document.title = engramTitle(title);
  }, [title]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar current={route.screen} />
      <main className="main" id="main" tabIndex={-1} aria-label={title}>
        {connection === 'reconnecting' && (
          <div className="connection-banner" role="status">
            Lost the connection to Engram. Reconnecting…
          </div>
        )}
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <ScreenView screen={route.screen} parts={route.parts} />
        </Suspense>
      </main>
      <Toasts />
    </div>
  );
}
