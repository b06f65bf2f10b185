import type { SettingsView } from '../../../../shared/api/index.js';
import { IconAlert } from '../../ui/icons.js';

/** Batches the rules took today because the model's answers were unusable: how many, and why. */
export function FallbackNote({ fallbacks }: { fallbacks: SettingsView['model_fallbacks'] }) {
  const n = fallbacks.today;
  return (
    <div className="banner warn" role="status" data-testid="model-fallbacks">
      <IconAlert size={16} />
      <span>
        {n} {n === 1 ? 'batch' : 'batches'} fell back to rules today{fallbacks.reason ? `: ${fallbacks.reason}` : ''}. Their memories were made on this computer by rules;
        a model that supports tool calls makes them with the model again.
      </span>
    </div>
  );
}
