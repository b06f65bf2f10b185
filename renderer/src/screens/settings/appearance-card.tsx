import { useAppStore, type ThemeChoice } from '../../state/app-store.js';
import { IconMoon, IconSun } from '../../ui/icons.js';
import { Card } from '../../ui/card.js';

/** Light, dark, or as the system says. */
export function AppearanceCard() {
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <Card
      id="look-h"
      icon={theme === 'dark' ? <IconMoon size={17} /> : <IconSun size={17} />}
      title="Appearance"
      desc="Follows your system unless you choose."
      aside={
        <div className="segmented" role="radiogroup" aria-label="Theme">
          {(['system', 'light', 'dark'] as ThemeChoice[]).map((t) => (
            <button key={t} type="button" role="radio" aria-checked={theme === t} onClick={() => setTheme(t)}>
              {t[0]!.toUpperCase() + t.slice(1)}
            </button>
          ))}
        </div>
      }
    />
  );
}
