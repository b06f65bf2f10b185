import { Card } from '../../ui/card.js';
import type { PrivacySettings } from '../../../../shared/settings/index.js';
import { IconShield } from '../../ui/icons.js';
import { TagList } from '../../ui/tag-list.js';

function validRegex(v: string): string | null {
  try {
    new RegExp(v, 'i');
    return null;
  } catch {
    return 'Not a valid pattern (regular expression).';
  }
}

/** "Never capture": the apps, window titles and websites whose windows are hidden. */
export function ExclusionsCard({ privacy, onUpdate }: { privacy: PrivacySettings | null; onUpdate(patch: Partial<PrivacySettings>): void }) {
  return (
    <Card
      id="excl-h"
      icon={<IconShield size={17} />}
      grow={false}
      title="Never capture"
      desc="Every matching window on screen is hidden before a screenshot is read or kept, whether it is in front or not; when the window in front matches, nothing is kept at all."
      bodyClassName="col gap-lg"
    >
        {privacy ? (
          <>
            <TagList
              label="Apps"
              hint="Password managers are excluded from the start."
              values={privacy.excluded_apps}
              placeholder="App name, e.g. Signal"
              onChange={(v) => onUpdate({ excluded_apps: v })}
            />
            <TagList
              label="Window titles"
              hint="Patterns matched against window titles (case-insensitive). Private and incognito windows are excluded from the start."
              values={privacy.excluded_title_patterns}
              placeholder={String.raw`e.g. \bbank\b`}
              validate={validRegex}
              mono
              onChange={(v) => onUpdate({ excluded_title_patterns: v })}
            />
            <TagList
              label="Websites"
              hint="Patterns matched against the address of a browser window's page, where the system reports it (see below)."
              values={privacy.excluded_url_patterns}
              placeholder={String.raw`e.g. ^https://mail\.example\.com`}
              validate={validRegex}
              mono
              onChange={(v) => onUpdate({ excluded_url_patterns: v })}
            />
            <UrlRulesNotice active={privacy.excluded_url_patterns.length > 0} />
          </>
        ) : (
          <div className="skeleton" style={{ height: 160 }} />
        )}
    </Card>
  );
}

/**
 * Where website rules cannot be checked (get-windows reads a browser's address only on macOS, and
 * only with the Automation permission), a browser window of unknown address is hidden whole while
 * any website rule exists: the user should know that, and that a title rule hides one site only.
 */
export function UrlRulesNotice({ active }: { active: boolean }) {
  return (
    <div className={active ? 'banner warn' : 'field-hint'} role={active ? 'status' : undefined} data-testid="url-rules-notice">
      Website addresses can be read only on macOS, once Engram may control your browser (System Settings → Privacy &amp; Security →
      Automation). On Windows and Linux, and on macOS without that permission, they cannot be read
      {active
        ? ': while you have website rules, every browser window whose address is unknown is hidden, so nothing is kept of browsing there.'
        : ', so website rules would hide every browser window there.'}{' '}
      To hide one site only, add a window title rule instead (browsers put the page title in the window title, e.g. <code>\bOnline Banking\b</code>).
    </div>
  );
}
