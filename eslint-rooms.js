// The rooms rule of eslint.config.js: every folder under shared/, agents/ and electron/ is a room
// with one job and one door (its index.ts). A file may import another room only if its own room's
// allow-list names that room (as VS Code's layer rules), and only through that room's door.
// Files outside the rooms (test/, scripts/) are not judged.
import path from 'node:path';

/**
 * Which rooms each room may import. A name ending in "/*" means every room under it; as a key, the
 * rule of a room with no line of its own. The arrows: shared ← agents/store (+ agents/runtime) ←
 * agents ← electron/api, sensing ← engine ← hosts, desktop; agents/store ← locate ← engine, the CLI; renderer → shared only. A new arrow is a line here, seen in review.
 */
export const ROOM_RULES = {
  'shared/*': ['shared', 'shared/*'],
  shared: ['shared/*'],
  'agents/runtime': ['shared', 'shared/*'],
  'agents/store': ['shared', 'shared/*', 'agents/runtime'],
  'agents/llm': ['shared', 'shared/*'],
  'agents/subagent-kit': ['shared', 'shared/*', 'agents/store', 'agents/llm'],
  'agents/graph': ['shared', 'shared/*', 'agents/store', 'agents/runtime'],
  // Sync seals and merges change records; the store's hooks feed it, so it needs the store's durable writes,
  // and behaviour's rule for what a directive may say (an arriving one is held to it as a local one is).
  'agents/sync': ['shared', 'shared/*', 'agents/store', 'agents/behaviour', 'agents/core'],
  // The mind's rooms, each with what it imports today, so their order is enforced (no cycles):
  // store < llm < kit < the sub-agents < dream < meta. A new room starts with the bottom layers
  // ('agents/*' below) and gets its own line when it needs more.
  // The day's summary reads memories as chat does (its lines, redaction and citations) and quotes them as the kit does.
  'agents/day': ['shared', 'shared/*', 'agents/store', 'agents/llm', 'agents/subagent-kit', 'agents/chat'],
  'agents/portability': ['shared', 'shared/*', 'agents/store'],
  'agents/behaviour': ['shared', 'shared/*', 'agents/store', 'agents/llm'],
  'agents/chat': ['shared', 'shared/*', 'agents/runtime', 'agents/store', 'agents/llm'],
  'agents/experience': ['shared', 'shared/*', 'agents/store', 'agents/subagent-kit'],
  'agents/core': ['shared', 'shared/*', 'agents/llm', 'agents/subagent-kit'],
  'agents/episodic': ['shared', 'shared/*', 'agents/llm', 'agents/subagent-kit'],
  'agents/semantic': ['shared', 'shared/*', 'agents/runtime', 'agents/store', 'agents/llm', 'agents/subagent-kit'],
  'agents/knowledge-vault': ['shared', 'shared/*', 'agents/store', 'agents/llm', 'agents/subagent-kit', 'agents/episodic'],
  'agents/resource': ['shared', 'shared/*', 'agents/store', 'agents/llm', 'agents/subagent-kit', 'agents/episodic'],
  'agents/procedural': ['shared', 'shared/*', 'agents/runtime', 'agents/store', 'agents/llm', 'agents/subagent-kit', 'agents/experience'],
  'agents/dream': [
    'shared',
    'shared/*',
    'agents/store',
    'agents/llm',
    'agents/subagent-kit',
    'agents/core',
    'agents/episodic',
    'agents/knowledge-vault',
    'agents/procedural',
    'agents/resource',
  ],
  // The brain: the meta-agent routes to every sub-agent and runs dream, behaviour, experience and the graph.
  'agents/meta': [
    'shared',
    'shared/*',
    'agents/store',
    'agents/llm',
    'agents/subagent-kit',
    'agents/core',
    'agents/episodic',
    'agents/semantic',
    'agents/procedural',
    'agents/resource',
    'agents/knowledge-vault',
    'agents/experience',
    'agents/behaviour',
    'agents/graph',
    'agents/dream',
  ],
  'agents/*': ['shared', 'shared/*', 'agents/runtime', 'agents/store', 'agents/llm'],
  'electron/api': ['shared', 'shared/*', 'agents/*'],
  'electron/crash': ['shared', 'shared/*'],
  // Engram's own Syncthing instance: it spawns a process, so main-process side; the store's durable writes only.
  'electron/syncthing': ['shared', 'shared/*', 'agents/store'],
  'electron/sensing/perception': ['shared', 'shared/*', 'agents/runtime'],
  // What a host hands to capture (source interfaces, their error, capture settings): light, so the engine's door carries it.
  'electron/sensing/sources': ['shared', 'shared/*', 'agents/store'],
  'electron/sensing/capture': ['shared', 'shared/*', 'agents/*', 'electron/sensing/perception', 'electron/sensing/sources'],
  // Where a host's data dir and key are, and what a one-shot command reads there without the engine
  // (engram --help, engram stats): the store's door alone, so the CLI need not load the engine (issue 34).
  'electron/locate': ['shared', 'shared/*', 'agents/store'],
  'electron/engine': ['shared', 'shared/*', 'agents/*', 'electron/api', 'electron/sensing/*', 'electron/syncthing', 'electron/locate'],
  // Hosts, like the desktop app, reach the engine (the handler map, sensing, what they need of the
  // store's types) only through the engine's door, and never an agents/ room (issue 32).
  'electron/hosts/http': ['shared', 'shared/*', 'electron/engine'],
  'electron/hosts/mcp': ['shared', 'shared/*', 'electron/engine'],
  // The CLI finds its data dir (and answers --help and stats) through the locator's door, before or without the engine.
  'electron/hosts/cli': ['shared', 'shared/*', 'electron/engine', 'electron/locate', 'electron/crash', 'electron/hosts/http', 'electron/hosts/mcp'],
  'electron/desktop/policy': ['shared', 'shared/*', 'agents/store'],
  'electron/desktop/preload': ['shared', 'shared/*', 'electron/desktop/policy'],
  // The desktop app reaches the handler map and sensing only through the engine's door; it finds its
  // data folder through the locator's, so the engine's modules load only once its window exists.
  'electron/desktop/main': ['shared', 'shared/*', 'electron/engine', 'electron/locate', 'electron/crash', 'electron/desktop/policy'],
  renderer: ['shared', 'shared/*'],
};

/** The room a repository path (forward slashes, from the root) is in, or null outside the rooms. */
export function roomOf(rel) {
  const p = rel.split('/');
  if (p[0] === 'renderer') return 'renderer';
  if (p.length < 2) return null;
  if (p[0] === 'shared' || p[0] === 'agents') return p.length > 2 ? `${p[0]}/${p[1]}` : p[0];
  if (p[0] === 'electron') {
    if (['desktop', 'hosts', 'sensing'].includes(p[1])) return p.length > 3 ? `electron/${p[1]}/${p[2]}` : null;
    return p.length > 2 ? `electron/${p[1]}` : null;
  }
  return null;
}

function ruleFor(room) {
  if (ROOM_RULES[room]) return ROOM_RULES[room];
  const parent = `${room.slice(0, room.lastIndexOf('/'))}/*`;
  return ROOM_RULES[parent] ?? [];
}

function allows(list, target) {
  return list.some((a) => (a.endsWith('/*') ? target.startsWith(a.slice(0, -1)) : a === target));
}

/** Is this import of a file in `target` its door (index.ts, imported as index.js)? */
function isDoor(targetPath, target) {
  if (target === 'renderer') return true;
  return /^index\.(js|ts|tsx)$/.test(path.posix.relative(target, targetPath));
}

const rooms = {
  meta: { type: 'problem', docs: { description: "imports between rooms follow the rooms' allow-lists and go through each room's index.ts" }, schema: [] },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = path.relative(cwd, context.filename).split(path.sep).join('/');
    const own = roomOf(file);
    if (!own) return {};
    const allowed = ruleFor(own);
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const targetPath = path.posix.normalize(path.posix.join(path.posix.dirname(file), source.value));
      const target = roomOf(targetPath);
      if (!target || target === own) return;
      if (!allows(allowed, target)) {
        context.report({ node: source, message: `${own} may not import ${target} (its rooms: ${allowed.join(', ') || 'none'}; eslint-rooms.js).` });
      } else if (!isDoor(targetPath, target)) {
        context.report({ node: source, message: `Import ${target} through its door (${target}/index.ts), not ${source.value}.` });
      }
    }
    return {
      ImportDeclaration: (n) => check(n, n.source),
      ExportNamedDeclaration: (n) => check(n, n.source),
      ExportAllDeclaration: (n) => check(n, n.source),
      ImportExpression: (n) => check(n, n.source),
    };
  },
};

export default { rules: { rooms } };
