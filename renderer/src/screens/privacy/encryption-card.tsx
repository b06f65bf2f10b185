import type { RequestOutput } from '../../../../shared/api/index.js';
import { fmtBytes } from '../../lib/format.js';
import { Card } from '../../ui/card.js';
import { IconLock } from '../../ui/icons.js';

/** How what Engram keeps is encrypted, where it is and how large (privacy.status). */
export function EncryptionCard({ status }: { status: RequestOutput<'privacy.status'> | null }) {
  return (
    <Card
      id="enc-h"
      tone="tone-ok"
      icon={<IconLock size={17} />}
      grow={false}
      title="Encryption"
      desc="Everything Engram keeps is encrypted at rest. No plaintext screenshot ever touches the disk."
    >
      {status ? (
        <dl className="meta-grid enc-grid" data-testid="encryption-status">
          <dt>Database</dt>
          <dd>
            <span className="badge badge-ok">Encrypted</span> {status.encryption.database}
          </dd>
          <dt>Screenshots</dt>
          <dd>
            <span className="badge badge-ok">Encrypted</span> {status.encryption.frames}
          </dd>
          <dt>Key</dt>
          <dd>{status.encryption.key_source}</dd>
          <dt>Location</dt>
          <dd className="mono truncate">{status.storage.data_dir}</dd>
          {status.sandbox && !status.sandbox.on ? (
            <>
              <dt>Sandbox</dt>
              <dd data-testid="sandbox-off">
                <span className="badge badge-warn">Off</span> {status.sandbox.detail}
              </dd>
            </>
          ) : null}
          <dt>Size</dt>
          <dd>
            {/* Screenshots are kept as bands inside the database since migration 021: the two overlap. */}
            {fmtBytes(status.storage.db_bytes)} database · {fmtBytes(status.storage.frame_bytes)} screenshots (new ones inside the database)
            {status.storage.audio_bytes > 0 ? ` · ${fmtBytes(status.storage.audio_bytes)} audio` : ''}
          </dd>
        </dl>
      ) : (
        <div className="skeleton" style={{ height: 110 }} />
      )}
    </Card>
  );
}
