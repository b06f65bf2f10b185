import { IconOffline } from '../../ui/icons.js';

/**
 * Chat's note in offline mode: answers are assembled from memories, and a model writes them once
 * one is set: an API key, or a model on this computer (Ollama, LM Studio), where nothing leaves it.
 */
export function OfflineNotice() {
  return (
    <div className="banner offline-notice" role="note">
      <IconOffline size={16} />
      <span>
        <strong>Offline mode.</strong> No model is configured, so answers are assembled from your memories directly. For written answers,{' '}
        <a href="#/settings">add an API key or a local model</a> (Ollama, LM Studio: Settings → Model → OpenAI-compatible; nothing leaves this computer).
      </span>
    </div>
  );
}
