import type { RequestOutput } from '../../../../shared/api/index.js';
import { Card } from '../../ui/card.js';
import { useState } from 'react';
import { PROTECTED_REDACTIONS, type RedactionSettings } from '../../../../shared/settings/index.js';
import { Dialog } from '../../ui/dialog.js';
import { IconAlert, IconEyeOff } from '../../ui/icons.js';
import { Switch } from '../../ui/switch.js';

type Category = keyof RedactionSettings;

interface Row {
  key: Category;
  title: string;
  desc: string;
  /** Named (plural) before a protected category is switched off, and in the warning while it is off. */
  risk?: string;
}

const ROWS: Row[] = [
  {
    key: 'secrets',
    title: 'API keys and tokens',
    desc: 'AWS, GitHub, Slack, Stripe, OpenAI, Anthropic and Google keys, access tokens, private key blocks.',
    risk: 'API keys and tokens',
  },
  { key: 'passwords', title: 'Passwords', desc: 'Values next to a password field or label, and passwords you type in chat.', risk: 'Passwords' },
  { key: 'cards', title: 'Card numbers', desc: 'Payment card numbers, checked with Luhn so order numbers and timestamps stay.', risk: 'Card numbers' },
  { key: 'bank_accounts', title: 'Bank account numbers', desc: 'IBANs, checked with their checksum.' },
  { key: 'id_numbers', title: 'Social security numbers', desc: 'When the screen labels them ("SSN: …").' },
  {
    key: 'emails',
    title: 'Email addresses',
    desc: 'Off at first, so you can ask who wrote to you; turned on, addresses are replaced by a marker and kept only in the vault, masked.',
  },
  { key: 'phones', title: 'Phone numbers', desc: 'Off at first, like email addresses.' },
];

const isProtected = (key: Category): boolean => (PROTECTED_REDACTIONS as readonly string[]).includes(key);

/**
 * The redaction switches. Credentials and card numbers are never switched off by a stray click:
 * turning one off asks first, and a warning stays on the card while any of them is off.
 */
export function RedactionCard({
  redaction,
  rescrub = null,
  onChange,
}: {
  redaction: RedactionSettings | null;
  /** The re-scrub of what was kept before an update taught the redaction new shapes (privacy.status). */
  rescrub?: RequestOutput<'privacy.status'>['rescrub'] | null;
  onChange(key: Category, on: boolean): void;
}) {
  const [confirm, setConfirm] = useState<Row | null>(null);
  const exposed = redaction ? ROWS.filter((r) => r.risk && !redaction[r.key]) : [];

  function toggle(row: Row, on: boolean) {
    if (!on && isProtected(row.key)) setConfirm(row);
    else onChange(row.key, on);
  }

  return (
    <Card
      id="redact-h"
      tone={exposed.length ? 'tone-warn' : 'tone-ok'}
      icon={exposed.length ? <IconAlert size={17} /> : <IconEyeOff size={17} />}
      grow={false}
      title="Redact before storing"
      desc="Taken out of what Engram reads on screen, hears and is told in chat, before anything is kept. Each one is replaced by a marker such as [redacted:card]."
      after={confirm && (
        <Dialog
          title={`Stop redacting ${confirm.title.toLowerCase()}?`}
          tone="danger"
          icon={<IconAlert size={18} />}
          onClose={() => setConfirm(null)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirm(null)}>
                Keep redacting
              </button>
              <button
                type="button"
                className="btn btn-danger"
                data-testid="confirm-redaction-off"
                onClick={() => {
                  onChange(confirm.key, false);
                  setConfirm(null);
                }}
              >
                Stop redacting
              </button>
            </>
          }
        >
          <p>
            {confirm.risk} that Engram reads on your screen, hears or is told in chat will be kept as plain text in your notes and memories. They stay encrypted on this computer, but
            anyone who can open Engram can read them, and they show up in search and exports.
          </p>
          <p>They are still removed from anything sent to a model. What was redacted before stays redacted.</p>
        </Dialog>
      )}
    >
        {exposed.length > 0 && (
          <div className="banner warn redaction-warning" role="alert" data-testid="redaction-warning">
            <IconAlert size={16} />
            <span>
              <strong>{listOf(exposed.map((r) => r.risk!))} are not redacted.</strong> Engram keeps them as plain text in your notes, where anyone who can open Engram can
              read them. They are still removed from anything sent to a model.
            </span>
          </div>
        )}
        {rescrub && (rescrub.pending || rescrub.masked > 0 || (rescrub.backups_masked ?? 0) > 0) && (
          <div className="setting-desc redaction-rescrub" data-testid="redaction-rescrub">
            {rescrub.pending
              ? 'Checking what Engram kept earlier with the latest redaction…'
              : `After an update, ${rescrub.masked} ${rescrub.masked === 1 ? 'secret' : 'secrets'} kept earlier ${rescrub.masked === 1 ? 'was' : 'were'} found and redacted.`}
            {rescrub.pending && rescrub.masked > 0 && ` ${rescrub.masked} redacted so far.`}
            {(rescrub.backups_masked ?? 0) > 0 &&
              ` Your backups held ${rescrub.backups_masked} ${rescrub.backups_masked === 1 ? 'secret' : 'secrets'} that Engram has since redacted or put in the vault; each backup was replaced by a redacted copy of itself.`}
          </div>
        )}
        {redaction ? (
          ROWS.map((row) => (
            <div className="setting-row" key={row.key} data-redaction={row.key}>
              <div className="setting-text">
                <div className="setting-title">
                  {row.title}
                  {row.risk && !redaction[row.key] && <span className="badge badge-warn redaction-off">Not redacted</span>}
                </div>
                <div className="setting-desc">{row.desc}</div>
              </div>
              <Switch label={`Redact ${row.title.toLowerCase()}`} checked={redaction[row.key]} onChange={(v) => toggle(row, v)} />
            </div>
          ))
        ) : (
          <div className="skeleton" style={{ height: 200 }} />
        )}
    </Card>
  );
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  const lower = items.map((s, i) => (i === 0 ? s : s.toLowerCase()));
  return `${lower.slice(0, -1).join(', ')} and ${lower[lower.length - 1]}`;
}
