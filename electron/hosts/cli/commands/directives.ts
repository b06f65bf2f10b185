import type { Directive } from '../../../../shared/api/index.js';
import { bool } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';

const ACTIONS = ['list', 'synthesize', 'accept', 'reject', 'delete'] as const;
const WITH_ID = new Set<string>(['accept', 'reject', 'delete']);

function lines(directives: Directive[], proposals: Directive[] = []): string[] {
  const active = directives.length || proposals.length ? describe(directives) : ['no directives yet: tell Engram in chat how you like answers ("shorter, please"), or use the thumbs'];
  if (!proposals.length) return active;
  return [
    ...active,
    `proposed, waiting for you (engram directives accept ID, or reject ID); none shapes answers until accepted:`,
    ...describe(proposals).map((l) => `  ${l}`),
  ];
}

function describe(directives: Directive[]): string[] {
  return directives.flatMap((d) => [
    `${d.id}  ${d.status === 'retired' ? '(retired) ' : ''}${d.text}${d.edited ? '  [your words]' : ''}`,
    ...d.evidence.slice(-3).map((e) => `    why: ${e.kind.replace('_', ' ')} "${e.quote.replace(/\s+/g, ' ').slice(0, 100)}" (${e.at.slice(0, 10)})`),
    ...(d.retired_reason ? [`    retired: ${d.retired_reason}`] : []),
  ]);
}

export const directivesCommand: Command = {
  name: 'directives',
  summary: 'how Engram answers you: directives learned from your feedback (list, synthesize, accept, reject, delete)',
  help: `usage: engram directives [list|synthesize|accept ID|reject ID|delete ID] [--all] [--json]

Directives are standing instructions on how to answer you ("Give the command first"), learned from
what you said about answers in Engram's own chat (never from imported conversations or the screen)
and from thumbs up/down. They are reviewed by themselves every 7 days you use Engram; each says why
it exists. A review only proposes: a directive shapes answers once you accept it.
  list            the active directives and the proposals, with their evidence (default)
  synthesize      read unread conversations and review the directives now (a model call with a model)
  accept ID       accept a proposal: from now on it shapes answers
  reject ID       reject a proposal: the same feedback never proposes it again
  delete ID       delete one for good: the same feedback never brings it back
  --all           list retired directives too
  --json          print the answer as JSON`,
  options: { all: { type: 'boolean' }, json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const [action = 'list', id, ...extra] = args.positionals;
    if (!(ACTIONS as readonly string[]).includes(action)) throw new CliError(`directives: unknown action "${action}" (one of ${ACTIONS.join(', ')})`);
    if (WITH_ID.has(action) && !id) throw new CliError(`directives: ${action} needs the directive id (see engram directives list)`);
    if ((!WITH_ID.has(action) && id !== undefined) || extra.length) throw new CliError(`directives: unexpected argument "${WITH_ID.has(action) ? extra[0] : id}"`);
    const json = ctx.json || bool(args, 'json');
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      if (action === 'delete') {
        const r = await client.call('directives.delete', { id: id! });
        ctx.io.stdout(json ? JSON.stringify(r) + '\n' : `deleted ${id}\n`);
        return 0;
      }
      if (action === 'accept') {
        const r = await client.call('directives.accept', { id: id! });
        ctx.io.stdout(json ? JSON.stringify(r) + '\n' : `accepted ${id}: ${r.directive.text}\n`);
        return 0;
      }
      if (action === 'reject') {
        const r = await client.call('directives.reject', { id: id! });
        ctx.io.stdout(json ? JSON.stringify(r) + '\n' : `rejected ${id}\n`);
        return 0;
      }
      if (action === 'synthesize') {
        const r = await client.call('directives.synthesize', {});
        if (json) {
          ctx.io.stdout(JSON.stringify(r) + '\n');
          return 0;
        }
        const { report } = r;
        ctx.io.stdout(
          [
            `reviewed ${report.feedback} pieces of feedback (${report.mode === 'llm' ? 'with the model' : 'offline rules'}): ${report.created.length} new, ${report.strengthened.length} updated, ${report.retired.length} retired`,
            ...lines(r.directives, r.proposals),
          ].join('\n') + '\n',
        );
        return 0;
      }
      const r = await client.call('directives.list', { include_retired: bool(args, 'all') });
      if (json) {
        ctx.io.stdout(JSON.stringify(r) + '\n');
        return 0;
      }
      const next = `${r.active_days} of ${r.review_every_days} active days until the next review${r.last_synthesis ? ` (last ${r.last_synthesis.slice(0, 16).replace('T', ' ')} UTC)` : ''}`;
      ctx.io.stdout([...lines(r.directives, r.proposals), next].join('\n') + '\n');
      return 0;
    });
  },
};
