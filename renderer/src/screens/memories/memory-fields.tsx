import type { Memory } from '../../../../shared/api/index.js';
import { tabOf } from '../../lib/kinds.js';

/** The fields particular to a memory's kind (a vault entry's sensitivity, an experience's outcome, a procedure's steps). */
export function MemoryFields({ memory }: { memory: Memory }) {
  const f = memory.fields;
  const tab = tabOf(memory);
  const rows: [string, React.ReactNode][] = [];
  const str = (k: string) => (typeof f[k] === 'string' && f[k] ? (f[k] as string) : null);
  if (tab === 'core') {
    if (str('label')) rows.push(['Block', str('label')]);
    if (typeof f['limit'] === 'number') rows.push(['Size', `${memory.text.length.toLocaleString()} of ${(f['limit'] as number).toLocaleString()} characters`]);
  }
  if (tab === 'episodic' && str('event_type')) rows.push(['Type', str('event_type')]);
  if (tab === 'semantic' && str('source')) rows.push(['Source', str('source')]);
  if (tab === 'resource') {
    if (str('resource_type')) rows.push(['Type', str('resource_type')]);
    const loc = str('location');
    if (loc) rows.push(['Location', /^https?:\/\//.test(loc) ? <a href={loc} target="_blank" rel="noreferrer noopener">{loc}</a> : <span className="mono">{loc}</span>]);
    if (str('excerpt')) rows.push(['Excerpt', <span className="excerpt">{str('excerpt')}</span>]);
  }
  if (tab === 'knowledge_vault') {
    if (str('entry_type')) rows.push(['Type', str('entry_type')]);
    if (str('sensitivity')) rows.push(['Sensitivity', <span className={`badge ${str('sensitivity') === 'high' ? 'badge-danger' : 'badge-warn'}`}>{str('sensitivity')}</span>]);
    if (str('source')) rows.push(['Seen in', str('source')]);
  }
  if (tab === 'experience') {
    if (str('task')) rows.push(['Task', str('task')]);
    if (str('action')) rows.push(['Action', str('action')]);
    if (str('outcome')) rows.push(['Outcome', <span className={`badge ${str('outcome') === 'success' ? 'badge-ok' : str('outcome') === 'failure' ? 'badge-danger' : 'badge-warn'}`}>{str('outcome')}</span>]);
    if (typeof f['score'] === 'number') rows.push(['Score', (f['score'] as number).toFixed(2)]);
    if (str('reason')) rows.push(['Why', str('reason')]);
  }
  if (tab === 'procedural' || tab === 'experience') {
    const s = typeof f['success_count'] === 'number' ? (f['success_count'] as number) : 0;
    const fl = typeof f['failure_count'] === 'number' ? (f['failure_count'] as number) : 0;
    if (s + fl > 0) rows.push(['Track record', `${s} worked · ${fl} failed`]);
  }
  const steps = Array.isArray(f['steps']) ? (f['steps'] as unknown[]).filter((s): s is string => typeof s === 'string') : [];
  return (
    <>
      {rows.length > 0 && (
        <dl className="meta-grid fields">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {steps.length > 0 && (
        <ol className="steps">
          {steps.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ol>
      )}
    </>
  );
}
