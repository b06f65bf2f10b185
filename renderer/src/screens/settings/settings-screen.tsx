import { useSettings } from '../../lib/use-settings.js';
import { useAppStore } from '../../state/app-store.js';
import { AppearanceCard } from './appearance-card.js';
import { AudioCard } from './audio-card.js';
import { BrainSettingsCard } from './brain-settings-card.js';
import { CaptureSettingsCard } from './capture-settings-card.js';
import { DirectivesCard } from './directives-card.js';
import { ExportCard } from './export-card.js';
import { ModelProviderCard } from './model-provider-card.js';
import { StartAtLoginCard } from './start-at-login-card.js';
import { SyncCard } from './sync-card.js';

export function SettingsScreen() {
  const info = useAppStore((s) => s.info);
  const { settings, update } = useSettings();

  return (
    <div className="settings-page narrow-page">
      <header className="page-header">
        <div className="grow">
          <h1>Settings</h1>
          <div className="subtitle">Engram {info?.version ?? ''}</div>
        </div>
      </header>
      <div className="page-body">
        <div className="settings-body">
          <ModelProviderCard settings={settings} update={update} />
          <CaptureSettingsCard settings={settings} update={update} />
          <AudioCard settings={settings} update={update} />
          <BrainSettingsCard />
          <DirectivesCard />
          <AppearanceCard />
          <StartAtLoginCard />
          <SyncCard />
          {info?.features.export && <ExportCard />}
        </div>
      </div>
    </div>
  );
}
