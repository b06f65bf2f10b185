import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { deviceShown, exclusionOfferText, type ExclusionOfferDto, type SyncPass, type SyncStatus } from '../../../../shared/api/index.js';
import { bool, str } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';

const ACTIONS = ['init', 'join', 'now', 'status', 'code', 'off', 'offers', 'name'] as const;
type Action = (typeof ACTIONS)[number];

/** The 24 words in four numbered rows of six, easy to read out and to type. */
function wordRows(code: string): string[] {
  const words = code.split(' ');
  const rows: string[] = [];
  for (let i = 0; i < words.length; i += 6) rows.push(`  ${words.slice(i, i + 6).map((w, j) => `${String(i + j + 1).padStart(2)}. ${w.padEnd(9)}`).join(' ').trimEnd()}`);
  return rows;
}

function passLines(p: SyncPass): string[] {
  return [`wrote ${p.exported} change${p.exported === 1 ? '' : 's'}, imported ${p.imported} segment${p.imported === 1 ? '' : 's'} from other devices`, ...p.refused.map((r) => `refused ${r.name}: ${r.message}`)];
}

function statusLines(s: SyncStatus): string[] {
  if (!s.on) return ['sync is off (engram sync init --folder DIR, or engram sync join CODE --folder DIR)'];
  const refused = Object.entries(s.refused).filter(([, n]) => n > 0);
  return [
    `sync is on: folder ${s.folder}`,
    `this device: ${s.device?.slice(0, 8)}; sync key kept in the ${s.key_kept}`,
    `pending: ${s.pending_changes} local change${s.pending_changes === 1 ? '' : 's'} to write, ${s.pending_segments} segment${s.pending_segments === 1 ? '' : 's'} to import`,
    ...(s.devices.length ? s.devices.map((d) => `device ${deviceShown(d.device, d.name)}: last seen ${d.last_seen_at ?? 'never'} (segment ${d.last_seq})`) : ['no other device seen in the folder yet']),
    `refused: ${refused.length ? refused.map(([k, n]) => `${n} ${k}`).join(', ') : 'none'}`,
    ...s.refused_files.map((r) => `  ${r.name}: ${r.message}`),
    `last pass: ${s.last_pass_at ?? 'never'}${s.last_error ? `, failed: ${s.last_error}` : ''}`,
  ];
}

function offerLines(offers: ExclusionOfferDto[]): string[] {
  if (!offers.length) return ['no offers: every exclusion another device stopped is answered (or still excluded there)'];
  return [...offers.map((o) => `offer ${o.id} (${o.at}): ${exclusionOfferText(o)}`), 'answer with engram sync offers --accept ID (stop excluding here) or --decline ID (keep excluding)'];
}

/** An offer's id as typed after --accept or --decline. */
function offerId(raw: string, flag: string): number {
  if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1) throw new CliError(`sync: --${flag} takes an offer's number from engram sync offers, not "${raw.slice(0, 40)}"`);
  return Number(raw);
}

export const syncCommand: Command = {
  name: 'sync',
  summary: 'one memory on every computer: sync this data folder through a folder Syncthing replicates',
  help: `usage: engram sync init --folder DIR
       engram sync join CODE --folder DIR
       engram sync now | status [--json] | code | off
       engram sync offers [--accept ID | --decline ID] [--json]
       engram sync name ["NAME" | --reset]
       engram sync syncthing [status|start|stop|id|add-device ID] (the same as engram syncthing)

Keeps one memory on all your computers without any server: each device writes its changes, sealed
with a sync key only your devices have, into a folder that Syncthing (or any synced folder: a
network share, Dropbox, iCloud Drive) copies between them, and reads the others' from it. Memories,
edits and forgets travel; screenshots and audio stay where they were captured. A forget on one
device ("forget the last 15 minutes" too) forgets on all of them.
  init --folder DIR        turn sync on with a new sync key; prints the pairing code (24 words)
  join CODE --folder DIR   on the next device: turn sync on with the pairing code of the first
                           (quote the words, or give them as they are)
  now                      write this device's changes and import the others' (serve and the app
                           do this by themselves)
  status                   devices and when each was last seen, pending changes and segments,
                           refused files, the last error
  code                     print the pairing code again, for another device
  off                      stop syncing here and forget the sync key; the folder and your other
                           devices are left as they are
  offers                   what another device stopped excluding (an app, a window title, a site)
                           that this one still excludes: another device never widens capture here
    --accept ID            stop excluding the offer's items here too
    --decline ID           keep excluding them; that device is not asked about them again
  name ["NAME"]            show or set the name this device gives itself on your other devices
                           (offers say "Your device “Laptop” (3f9a1b2c) …"); the host name until
                           you set one; one line, at most 40 characters, shown and nothing more
    --reset                back to the host name
  syncthing ...            Engram's own Syncthing for the folder (engram syncthing --help)
  --json                   print the answer as JSON
The sync key is kept like the master key, outside the data folder. The pairing code is the key:
whoever has it can read what is in the sync folder. A lost key cannot be recovered from the folder;
join again with the code of a device that still syncs. See docs/sync.md.`,
  options: { folder: { type: 'string' }, json: { type: 'boolean' }, accept: { type: 'string' }, decline: { type: 'string' }, reset: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const [action, ...rest] = args.positionals;
    if (!action) throw new CliError('sync: say what to do: init, join, now, status, code, off or offers (engram sync --help)');
    if (!(ACTIONS as readonly string[]).includes(action)) throw new CliError(`sync: unknown action "${action.slice(0, 40)}" (one of ${ACTIONS.join(', ')})`);
    const act = action as Action;
    const folder = str(args, 'folder');
    if ((act === 'init' || act === 'join') && !folder?.trim()) throw new CliError(`sync: ${act} needs --folder DIR, the folder Syncthing (or another sync) shares between your devices`);
    if (act !== 'init' && act !== 'join' && folder !== undefined) throw new CliError(`sync: ${act} takes no --folder`);
    if (act === 'join' && rest.length === 0) throw new CliError('sync: join needs the pairing code shown by engram sync init on your other device');
    if (act !== 'join' && act !== 'name' && rest.length) throw new CliError(`sync: unexpected argument "${rest[0]!.slice(0, 40)}"`);
    const reset = bool(args, 'reset');
    if (act !== 'name' && reset) throw new CliError(`sync: ${act} takes no --reset`);
    if (act === 'name' && reset && rest.length) throw new CliError('sync: name takes a NAME or --reset, not both');
    const accept = str(args, 'accept');
    const decline = str(args, 'decline');
    if (act !== 'offers' && (accept !== undefined || decline !== undefined)) throw new CliError(`sync: ${act} takes no --${accept !== undefined ? 'accept' : 'decline'}`);
    if (accept !== undefined && decline !== undefined) throw new CliError('sync: offers takes --accept ID or --decline ID, not both');
    const answer = accept !== undefined ? { id: offerId(accept, 'accept'), answer: 'accept' as const } : decline !== undefined ? { id: offerId(decline, 'decline'), answer: 'decline' as const } : null;
    const json = ctx.json || bool(args, 'json');
    // The folder the user named, made if missing (Syncthing may not have made it yet); the engine takes full paths only.
    const dir = folder === undefined ? '' : resolve(folder);
    if (dir) {
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      } catch (err) {
        throw new CliError(`sync: cannot make the folder ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
    }
    const out = (lines: string[]) => ctx.io.stdout(lines.join('\n') + '\n');
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      switch (act) {
        case 'init': {
          const r = await client.call('sync.init', { folder: dir });
          if (json) out([JSON.stringify(r)]);
          else
            out([
              `sync is on: folder ${r.status.folder}`,
              'pairing code for your next device (it is the sync key: keep it to yourself):',
              ...wordRows(r.code),
              `on the next device: engram sync join "${r.code}" --folder DIR`,
            ]);
          return 0;
        }
        case 'join': {
          const r = await client.call('sync.join', { code: rest.join(' '), folder: dir });
          if (json) out([JSON.stringify(r)]);
          else out([`sync is on: folder ${r.status.folder}`, ...passLines(r.pass)]);
          return 0;
        }
        case 'now': {
          const r = await client.call('sync.now', {});
          if (json) out([JSON.stringify(r)]);
          else out(passLines(r.pass));
          return r.pass.refused.length ? 1 : 0;
        }
        case 'status': {
          const s = await client.call('sync.status', {});
          out(json ? [JSON.stringify(s)] : statusLines(s));
          return 0;
        }
        case 'code': {
          const { code } = await client.call('sync.code', {});
          if (!code) throw new CliError('sync: sync is off here, so there is no pairing code (engram sync init --folder DIR)');
          out(json ? [JSON.stringify({ code })] : ['pairing code (it is the sync key: keep it to yourself):', ...wordRows(code)]);
          return 0;
        }
        case 'offers': {
          if (answer) {
            const asked = (await client.call('sync.exclusionOffers', {})).offers.find((o) => o.id === answer.id);
            const r = await client.call('sync.answerExclusionOffer', answer);
            if (json) out([JSON.stringify(r)]);
            else {
              const what = asked ? asked.items.map((i) => i.item).join(', ') : `offer ${answer.id}`;
              out([answer.answer === 'accept' ? `no longer excluded here: ${what}` : `still excluded here: ${what}; that device is not asked about them again`, ...(r.offers.length ? offerLines(r.offers) : [])]);
            }
            return 0;
          }
          const r = await client.call('sync.exclusionOffers', {});
          out(json ? [JSON.stringify(r)] : offerLines(r.offers));
          return 0;
        }
        case 'name': {
          const r = rest.length || reset ? await client.call('sync.setDeviceName', { name: reset ? null : rest.join(' ') }) : await client.call('sync.deviceName', {});
          if (json) out([JSON.stringify(r)]);
          else out([r.device_name ? `this device is “${r.device_name}” on your other devices${r.named ? '' : ' (its host name: engram sync name "NAME" to name it)'}` : 'this device has no name: engram sync name "NAME" to give it one']);
          return 0;
        }
        case 'off': {
          await client.call('sync.off', {});
          if (json) out([JSON.stringify({ ok: true })]);
          else out(['sync is off here: the sync key is forgotten on this device; the folder and your other devices are unchanged']);
          return 0;
        }
      }
    });
  },
};
