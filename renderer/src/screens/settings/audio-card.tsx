import type { SettingsPatch, SettingsView } from '../../../../shared/api/index.js';
import { IconMic } from '../../ui/icons.js';
import { Switch } from '../../ui/switch.js';
import { TextRow } from './text-row.js';
import { Card } from '../../ui/card.js';

/** Audio recording and the transcription server it is sent to. */
export function AudioCard({ settings, update }: { settings: SettingsView | null; update(patch: SettingsPatch): Promise<boolean> }) {
  const c = settings?.capture;
  return (
    <Card
      id="audio-h"
      icon={<IconMic size={17} />}
      title="Audio"
      desc="Speech is transcribed by the server you choose; silence is neither kept nor sent."
      aside={c && <Switch label="Record audio" checked={c.audio.enabled} onChange={(v) => void update({ capture: { audio: { enabled: v } } })} />}
    >
      {c && (
        <>
          <TextRow
            label="Transcription endpoint"
            desc="Any OpenAI-compatible server: OpenAI, a whisper.cpp server, faster-whisper."
            value={c.audio.transcriber_url ?? ''}
            placeholder="http://127.0.0.1:8080"
            type="url"
            onCommit={(v) => void update({ capture: { audio: { transcriber_url: v || null } } })}
          />
          <TextRow label="Transcription model" desc="As the server names it." value={c.audio.transcriber_model} placeholder="whisper-1" onCommit={(v) => v && void update({ capture: { audio: { transcriber_model: v } } })} />
        </>
      )}
    </Card>
  );
}
