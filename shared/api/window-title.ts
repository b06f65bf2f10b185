/**
 * Engram's own pages are titled so capture can tell its own window even when it is a browser tab
 * (browser mode), whose process is the browser's, not Engram's: "<screen> · Engram", to which the
 * browser adds its own name ("Timeline · Engram - Chromium"); the desktop window is "Engram". The
 * privacy gate treats any window whose title matches ENGRAM_TITLE_PATTERNS as Engram's own and
 * masks it; change the title and the patterns only here, together.
 */
export const ENGRAM_TITLE_SUFFIX = ' · Engram';

export const ENGRAM_TITLE_PATTERNS: readonly RegExp[] = [/(?:^|\s)\u00b7 Engram(?:$|\s)/, /^Engram$/];

/** "Chat · Engram". */
export function engramTitle(page: string): string {
  return `${page}${ENGRAM_TITLE_SUFFIX}`;
}

export function isEngramTitle(title: string): boolean {
  return ENGRAM_TITLE_PATTERNS.some((re) => re.test(title));
}
