import type { SettingsPatch, SettingsView } from '../../../../shared/api/index.js';
import { IconSparkles } from '../../ui/icons.js';
import { ModelRow } from './text-row.js';
import { SettingsCard } from './settings-card.js';

const MODEL_SUGGESTIONS = ['claude-sonnet-4-6', 'claude-haiku-4-5', 'claude-opus-4-7'];

/** Which model writes answers and which one turns observations into memories. */
export function ModelCard({ settings, update }: { settings: SettingsView | null; update(patch: SettingsPatch): Promise<boolean> }) {
  return (
    <SettingsCard
      id="models-h"
      icon={<IconSparkles size={17} />}
      title="Models"
      desc="A capable model for answers; a cheaper one is enough for turning what you see into memories."
      grow={false}
    >
      {settings && (
        <>
          <datalist id="model-suggestions">
            {MODEL_SUGGESTIONS.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
          <ModelRow
            label="Chat model"
            desc="Writes the answers you read."
            value={settings.models.chat_model}
            placeholder={settings.default_models.chat_model}
            onCommit={(v) => void update({ models: { chat_model: v } })}
          />
          <ModelRow
            label="Memory model"
            desc="Sorts observations into memories."
            value={settings.models.extraction_model}
            placeholder={settings.default_models.extraction_model}
            onCommit={(v) => void update({ models: { extraction_model: v } })}
          />
        </>
      )}
    </SettingsCard>
  );
}
