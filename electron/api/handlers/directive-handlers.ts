import type { BehaviourKeeper } from '../../../agents/behaviour/index.js';
import { OfflineProvider } from '../../../agents/llm/index.js';
import type { DirectiveRecord, FeedbackRecord } from '../../../agents/store/index.js';
import type { Directive, DirectiveEvidence } from '../../../shared/api/index.js';
import { onFirstUse } from '../../../shared/first-use/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

type DirectiveNames = 'feedback.thumb' | 'feedback.thumbs' | 'directives.list' | 'directives.edit' | 'directives.delete' | 'directives.synthesize';

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
    if (d.status === 'deleted') fail('NOT_FOUND', 'That directive was deleted.');
    return {
      id: d.id,
      text: d.text,
      topic: d.topic,
      stance: d.stance,
      status: d.status,
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
      last_synthesis: last === null ? null : iso(last),
      active_days: reader.activeDays(),
      review_every_days: SYNTHESIS_ACTIVE_DAYS,
      feedback_count: store.feedback.count(),
    };
  };
  const need = (id: string): DirectiveRecord => {
    const d = store.directives.get(id);
    return d && d.status !== 'deleted' ? d : fail('NOT_FOUND', 'That directive no longer exists.');
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
    'directives.edit': (input) => {
      const d = need(input.id);
      if (d.status !== 'active') fail('CONFLICT', 'Only an active directive can be edited.');
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
