import type { BehaviourKeeper } from '../../../agents/behaviour/index.js';
import { OfflineProvider } from '../../../agents/llm/index.js';
import type { DirectiveRecord, FeedbackRecord } from '../../../agents/store/index.js';
import type { Directive, DirectiveEvidence } from '../../../shared/api/index.js';
import { onFirstUse } from '../../../shared/first-use/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

type DirectiveNames =
  | 'feedback.thumb'
  | 'feedback.thumbs'
  | 'directives.list'
  | 'directives.proposals'
  | 'directives.accept'
  | 'directives.reject'
  | 'directives.edit'
  | 'directives.delete'
  | 'directives.synthesize';

const iso = (ms: number) => new Date(ms).toISOString();

/** The behaviour room loads with the first directive request: thumbs and every other handler do without it. */
const behaviourRoom = onFirstUse(() => import('../../../agents/behaviour/index.js'));

function evidenceDto(f: FeedbackRecord): DirectiveEvidence {
  return { id: f.id, kind: f.kind, quote: f.quote, thread_id: f.thread_id, message_id: f.message_id, answer_id: f.answer_id, at: iso(f.created_at) };
}

/** Thumbs on answers, and the directives of Settings → "How Engram answers you". */
export function directiveHandlers(deps: ApiDeps): HandlerGroup<DirectiveNames> {
  const { store } = deps;
  const now = () => (deps.clock ?? Date.now)();
  // Reads only (active days, last review): no model is needed for them.
  let reader: BehaviourKeeper | null = null;

  const dto = (d: DirectiveRecord): Directive => {
    const status = d.status === 'deleted' || d.status === 'rejected' ? fail('NOT_FOUND', `That directive was ${d.status}.`) : d.status;
    return {
      id: d.id,
      text: d.text,
      topic: d.topic,
      stance: d.stance,
      status,
      origin: d.origin,
      edited: d.edited,
      created_at: iso(d.created_at),
      updated_at: iso(d.updated_at),
      retired_at: d.retired_at == null ? null : iso(d.retired_at),
      retired_reason: d.retired_reason,
      evidence: store.directives.evidence(d.id).map(evidenceDto),
    };
  };
  const state = async (includeRetired: boolean) => {
    const { BehaviourKeeper, SYNTHESIS_ACTIVE_DAYS } = await behaviourRoom.get();
    reader ??= new BehaviourKeeper(store, () => new OfflineProvider(), { now });
    const last = reader.lastSynthesis();
    return {
      directives: [...store.directives.list('active'), ...(includeRetired ? store.directives.list('retired') : [])].map(dto),
      proposals: store.directives.list('proposed').map(dto),
      last_synthesis: last === null ? null : iso(last),
      active_days: reader.activeDays(),
      review_every_days: SYNTHESIS_ACTIVE_DAYS,
      feedback_count: store.feedback.count(),
    };
  };
  const need = (id: string): DirectiveRecord => {
    const d = store.directives.get(id);
    return d && d.status !== 'deleted' && d.status !== 'rejected' ? d : fail('NOT_FOUND', 'That directive no longer exists.');
  };

  return {
    'feedback.thumb': (input) => {
      const m = store.messages.get(input.message_id) ?? fail('NOT_FOUND', 'That answer no longer exists.');
      if (m.role !== 'assistant') fail('INVALID_INPUT', 'Only answers take thumbs up or down.');
      store.feedback.setThumb(m.id, input.value, now());
      return { message_id: m.id, value: input.value };
    },
    'feedback.thumbs': (input) => {
      if (!store.threads.get(input.thread_id)) fail('NOT_FOUND', 'That conversation no longer exists.');
      return { thumbs: store.feedback.thumbs(input.thread_id) };
    },
    'directives.list': (input) => state(input.include_retired),
    'directives.proposals': () => ({ proposals: store.directives.list('proposed').map(dto) }),
    'directives.accept': (input) => {
      const d = need(input.id);
      if (d.status !== 'proposed') fail('CONFLICT', `That directive is ${d.status}, not a proposal.`);
      return { directive: dto(store.directives.accept(d.id, now())) };
    },
    'directives.reject': (input) => {
      const d = need(input.id);
      if (d.status !== 'proposed') fail('CONFLICT', `That directive is ${d.status}, not a proposal.`);
      return { rejected: store.directives.reject(d.id, now()) };
    },
    'directives.edit': async (input) => {
      const d = need(input.id);
      if (d.status !== 'active' && d.status !== 'proposed') fail('CONFLICT', 'Only an active or proposed directive can be edited.');
      const problem = (await behaviourRoom.get()).directiveTextProblem(input.text);
      if (problem) fail('INVALID_INPUT', `${problem[0]!.toUpperCase()}${problem.slice(1)}.`);
      return { directive: dto(store.directives.edit(d.id, input.text, now())) };
    },
    'directives.delete': (input) => {
      need(input.id);
      return { deleted: store.directives.delete(input.id, now()) };
    },
    'directives.synthesize': async () => {
      const reviewer = deps.directives ?? fail('UNAVAILABLE', 'Directives cannot be reviewed in this window.');
      const report = await reviewer.synthesize();
      return { ...(await state(false)), report };
    },
  };
}
