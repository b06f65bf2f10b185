import { resolve } from 'node:path';
import type { SyncthingStatusDto } from '../../../../shared/api/index.js';
import { bool, positiveInt, str } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';

const ACTIONS = ['status', 'start', 'stop', 'id', 'add-device'] as const;

function describe(s: SyncthingStatusDto): string[] {
  if (!s.binary) return [s.problem ?? 'Syncthing is not installed'];
  const reach = s.reach;
  const opened = reach ? [reach.global_discovery && 'global discovery', reach.local_discovery && 'local discovery', reach.relays && 'relays', reach.nat && 'port mapping'].filter(Boolean) : [];
  return [
    `syncthing   ${s.running ? `running (${s.version ?? '?'}), Engram's own instance; its page: ${s.gui}` : 'not running'} · ${s.binary}`,
    `this device ${s.device_id ?? '(no id yet: engram syncthing start --folder DIR)'}`,
    ...(s.listen ? [`listens on  ${s.listen}`] : []),
    ...(s.folder
      ? [`folder      ${s.folder.id} at ${s.folder.path}${s.folder.state ? `: ${s.folder.state}, ${s.folder.local_files ?? 0} files here of ${s.folder.global_files ?? 0}${s.folder.need_files ? `, ${s.folder.need_files} still to fetch` : ''}` : ''}`]
      : []),
    ...(s.running
      ? s.devices.length
        ? s.devices.map((d) => `device      ${d.name} ${d.id} ${d.connected ? 'connected' : 'not connected'}${d.completion !== null ? `, has ${Math.round(d.completion)}%` : ''} (${d.addresses.join(', ')})`)
        : ['devices     none yet: on each other device, engram syncthing add-device ID_OF_THIS_DEVICE, and here the other way round']
      : []),
    `starts      ${s.own_instance ? 'with the app and engram serve while sync is on (you started it; engram syncthing stop ends that)' : 'only when you start it'}`,
    ...(reach ? [`reach       ${opened.length ? `also ${opened.join(', ')} (you opted in)` : 'only the devices you added, at their addresses (no discovery servers, relays or port mapping)'}`] : []),
    ...(s.problem ? [`problem     ${s.problem}`] : []),
  ];
}

export const syncthingCommand: Command = {
  name: 'syncthing',
  summary: "Engram's own Syncthing for the sync folder: start, status, stop, add-device, id",
  help: `usage: engram syncthing [status|start|stop|id|add-device ID] [options] [--json]

Runs Engram's own Syncthing (found on this machine; install it with your package manager or from
syncthing.net) to copy the sync folder between your devices, peer to peer, with no account anywhere.
Its config lives in the data dir (syncthing/), its page and API on 127.0.0.1 with a generated key.
Nothing reaches beyond the devices you add unless you opt in below. It keeps running after this
command; engram syncthing stop ends it. Once started here or in Settings → Sync, the app and
engram serve start it by themselves while sync is on, and stop it when they quit.
  status                 whether it runs, this device's id, the folder and the other devices (default)
  start --folder DIR     start it (the first time: generate its config) and share DIR; later the
                         folder is remembered
  stop                   shut it down; the app and serve no longer start it by themselves
  id                     print this device's Syncthing id (to add on your other devices)
  add-device ID          share the folder with another of your devices, by its Syncthing id
  --address tcp://HOST:PORT   where add-device finds that device (needed unless discovery is on)
  --name NAME            a name for that device
  --listen tcp://HOST:PORT    where this device listens (default tcp://0.0.0.0:22000, or a free port)
  --rescan SECONDS       full rescan interval (default 10; the file watcher sees most changes at once)
  --global-discovery     opt in: announce this device to Syncthing's public discovery servers
  --local-discovery      opt in: find your devices on the local network by broadcast
  --relays               opt in: use Syncthing's public relays when devices cannot connect directly
  --nat                  opt in: ask the router to forward a port (UPnP/NAT-PMP)
  --json                 print the status as JSON`,
  options: {
    folder: { type: 'string' },
    address: { type: 'string' },
    name: { type: 'string' },
    listen: { type: 'string' },
    rescan: { type: 'string' },
    'global-discovery': { type: 'boolean' },
    'local-discovery': { type: 'boolean' },
    relays: { type: 'boolean' },
    nat: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  allowPositionals: true,
  async run(args, ctx) {
    const [action = 'status', id, ...extra] = args.positionals;
    if (!(ACTIONS as readonly string[]).includes(action)) throw new CliError(`syncthing: unknown action "${action}" (one of ${ACTIONS.join(', ')})`);
    if (action === 'add-device' && !id) throw new CliError('syncthing: add-device needs the other device\'s Syncthing id (engram syncthing id, run there)');
    if ((action !== 'add-device' && id !== undefined) || extra.length) throw new CliError(`syncthing: unexpected argument "${action === 'add-device' ? extra[0] : id}"`);
    const json = ctx.json || bool(args, 'json');
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      let s: SyncthingStatusDto;
      if (action === 'start') {
        const given = str(args, 'folder');
        const folder = given ? resolve(given) : (await client.call('syncthing.status', {})).folder?.path;
        if (!folder) throw new CliError('syncthing: start needs --folder DIR the first time (the sync folder to share)');
        const rescan = str(args, 'rescan') === undefined ? undefined : positiveInt(args, 'rescan', 10, 86_400);
        const optIn = (flag: string) => (bool(args, flag) ? true : undefined);
        s = await client.call('syncthing.start', {
          folder,
          ...(str(args, 'listen') ? { listen: str(args, 'listen') } : {}),
          ...(rescan ? { rescan_s: rescan } : {}),
          ...(optIn('global-discovery') ? { global_discovery: true } : {}),
          ...(optIn('local-discovery') ? { local_discovery: true } : {}),
          ...(optIn('relays') ? { relays: true } : {}),
          ...(optIn('nat') ? { nat: true } : {}),
        });
      } else if (action === 'stop') s = await client.call('syncthing.stop', {});
      else if (action === 'add-device') s = await client.call('syncthing.addDevice', { device_id: id!, ...(str(args, 'address') ? { address: str(args, 'address') } : {}), ...(str(args, 'name') ? { name: str(args, 'name') } : {}) });
      else s = await client.call('syncthing.status', {});
      if (action === 'id') {
        if (!s.device_id) throw new CliError('syncthing: no id yet; start it first: engram syncthing start --folder DIR', 1);
        ctx.io.stdout(json ? JSON.stringify({ device_id: s.device_id }) + '\n' : `${s.device_id}\n`);
        return 0;
      }
      ctx.io.stdout(json ? JSON.stringify(s) + '\n' : describe(s).join('\n') + '\n');
      return 0;
    });
  },
};
