import type { HiddenReason } from '../../../../shared/api/index.js';

/** What each rule hides, as the counters name it (never a window's title or app); the timeline's mask label uses it too. */
export const HIDDEN_REASON_LABEL: Record<HiddenReason, string> = {
  excluded_app: 'password managers and excluded apps',
  excluded_title: 'private browsing and excluded titles',
  excluded_url: 'excluded websites',
  engram_window: "Engram's own windows",
};
