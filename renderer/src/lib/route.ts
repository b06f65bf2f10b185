import { useSyncExternalStore } from 'react';

/** Screens are addressed by the URL hash (#/memories/episodic/ID) so a citation is just a link. */
export type Screen = 'chat' | 'timeline' | 'day' | 'activity' | 'memories' | 'people' | 'privacy' | 'settings' | 'moment';
export const SCREENS: Screen[] = ['chat', 'timeline', 'day', 'activity', 'memories', 'people', 'privacy', 'settings', 'moment'];

export interface Route {
  screen: Screen;
  parts: string[];
}

export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const first = parts[0] as Screen | undefined;
  if (first && SCREENS.includes(first)) return { screen: first, parts: parts.slice(1) };
  return { screen: 'chat', parts: [] };
}

export function hrefFor(screen: Screen, ...parts: string[]): string {
  return `#/${[screen, ...parts].map(encodeURIComponent).join('/')}`;
}

export function navigate(screen: Screen, ...parts: string[]): void {
  const next = hrefFor(screen, ...parts);
  if (window.location.hash !== next) window.location.hash = next;
}

function subscribe(cb: () => void): () => void {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseHash(hash);
}
