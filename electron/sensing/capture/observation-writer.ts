import type { EngramStore, FrameRecord, ObservationRecord } from '../../../agents/store/index.js';
import type { RedactedSecret } from '../perception/index.js';
import type { WindowInfo } from './active-window.js';
import type { DisplayInfo } from '../sources/index.js';

export interface SecretsEvent {
  observation_id: string;
  frame_id: string | null;
  app: string | null;
  secrets: RedactedSecret[];
}

/**
 * The last step of a frame: its observation (app, title, url of the window in front, which the
 * gate has already checked is not excluded; redacted text; caption), and the secrets event that
 * sends redacted values to the vault. Emits through the pipeline's listeners.
 */
export class ObservationWriter {
  constructor(
    private readonly store: EngramStore,
    private readonly emit: (event: 'observation' | 'secrets', payload: ObservationRecord | SecretsEvent) => void,
  ) {}

  write(frame: FrameRecord, display: DisplayInfo, win: WindowInfo | null, text: string, secrets: RedactedSecret[], caption: string | null = null): ObservationRecord | null {
    // Forgotten while it waited for OCR ("forget the last 15 minutes" with OCR behind): its text
    // must not come back as a new observation.
    if (this.store.wasForgotten(frame.captured_at)) return null;
    // The frame may have been recycled while it waited for OCR: keep no orphan link.
    const stillThere = this.store.frames.get(frame.id) !== null;
    const obs = this.store.observations.insert({
      kind: 'screen',
      frame_id: stillThere ? frame.id : null,
      audio_id: null,
      display: display.id,
      observed_at: frame.captured_at,
      app: win?.app || frame.app,
      title: win?.title || frame.title,
      url: win?.url ?? frame.url,
      text,
      caption,
    });
    this.emit('observation', obs);
    if (secrets.length > 0) this.emit('secrets', { observation_id: obs.id, frame_id: frame.id, app: obs.app, secrets });
    return obs;
  }
}
