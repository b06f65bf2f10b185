import { useAppStore, type ThemeChoice } from '../../state/app-store.js';
import { IconMoon, IconSun } from '../../ui/icons.js';

/** Light, dark, or as the system says. */
export function AppearanceCard() {
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <section className="card" aria-labelledby="look-h">
      <div className="card-header">
        <div className="card-header-icon">{theme === 'dark' ? <IconMoon size={17} /> : <IconSun size={17} />}</div>
        <div className="grow">
          <div className="card-title" id="look-h">
            Appearance
          </div>
          <div className="card-desc">Follows your system unless you choose.</div>
        </div>
        <div className="segmented" role="radiogroup" aria-label="Theme">
          {(['system', 'light', 'dark'] as ThemeChoice[]).map((t) => (
            <button key={t} type="button" role="radio" aria-checked={theme === t} onClick={() => setTheme(t)}>
              {t[0]!.toUpperCase() + t.slice(1)}
            </button>
          ))}
        </div>
      </div>
      <div className="card-body" />
    </section>
  );
}
