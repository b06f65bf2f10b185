import type { ExportedMemory, ExportHeader, ExportKind } from './export-document.js';
import type { ByteSink } from './atomic-file.js';
import { oneLine } from '../../shared/text/index.js';

const GROUP_TITLES: Record<ExportKind, string> = {
  core: 'Core',
  episodic: 'Episodic',
  semantic: 'Semantic',
  procedural: 'Procedural',
  experience: 'Experiences',
  resource: 'Resources',
  knowledge_vault: 'Knowledge vault',
};

const when = (iso: string | null): string => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
/** Quote user text so a line starting with "#" or "-" inside a memory cannot break the page's structure. */
const quote = (s: string): string =>
  s
    .trimEnd()
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

function fieldLines(m: ExportedMemory): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(m.fields)) {
    if (k === 'masked') continue;
    if (k === 'steps' && Array.isArray(v)) {
      if (v.length === 0) continue;
      out.push(`- **steps**:`);
      v.forEach((s, i) => out.push(`  ${i + 1}. ${oneLine(String(s), 300)}`));
      continue;
    }
    const shown = k === 'secret' && m.fields.masked === true ? `${String(v)} (masked)` : typeof v === 'string' ? v : JSON.stringify(v);
    out.push(`- **${k}**: ${oneLine(shown, 500)}`);
  }
  return out;
}

/** A readable Markdown rendering of an export: one section per kind, every memory with its sources and history. */
export class MarkdownWriter {
  private group: ExportKind | null = null;

  constructor(private readonly sink: ByteSink) {}

  header(h: ExportHeader, counts: Partial<Record<ExportKind, number>>): void {
    const lines = [
      '# Engram export',
      '',
      `Exported ${h.exported_at} · ${h.count} memor${h.count === 1 ? 'y' : 'ies'} · knowledge-vault secrets ${h.secrets === 'included' ? '**included in clear**' : 'masked'}`,
    ];
    if (h.filter.since) lines.push(`Since ${h.filter.since}`);
    if (h.filter.kinds) lines.push(`Kinds: ${h.filter.kinds.join(', ')}`);
    const summary = Object.entries(counts)
      .filter(([, n]) => (n ?? 0) > 0)
      .map(([g, n]) => `${GROUP_TITLES[g as ExportKind]} ${n}`);
    if (summary.length) lines.push(summary.join(' · '));
    lines.push('', 'This file is for reading. To move memories between installs, use the JSON export (engram export --format json).', '');
    this.sink.write(lines.join('\n') + '\n');
  }

  memory(group: ExportKind, m: ExportedMemory): void {
    const parts: string[] = [];
    if (group !== this.group) {
      this.group = group;
      parts.push(`## ${GROUP_TITLES[group]}`, '');
    }
    parts.push(`### ${oneLine(m.title || m.text, 100) || m.id}`, '');
    const meta = [`\`${m.id}\``, m.kind];
    if (m.occurred_at) meta.push(m.ended_at ? `${when(m.occurred_at)} → ${when(m.ended_at)}` : when(m.occurred_at));
    if (m.app) meta.push(m.app);
    parts.push(meta.join(' · '), '');
    if (m.text && m.text !== m.title) parts.push(quote(m.text), '');
    if (m.details) parts.push('Details:', '', quote(m.details), '');
    const info = fieldLines(m);
    info.push(`- **created** ${m.created_at} · **updated** ${m.updated_at} · version ${m.version} · used ${m.access_count} time${m.access_count === 1 ? '' : 's'}`);
    if (m.segment) info.push(`- **segment**: \`${m.segment}\``);
    if (m.superseded_by) info.push(`- **superseded by** \`${m.superseded_by}\``);
    if (m.provenance.length) info.push(`- **sources**: ${m.provenance.map((p) => `${p.source_type} \`${p.source_id}\``).join(', ')}`);
    if (m.history.length) {
      info.push(`- **history**:`);
      for (const h of m.history) info.push(`  - v${h.version} · ${h.changed_at} · ${oneLine(h.reason, 120)}: ${oneLine(h.snapshot.title || h.snapshot.text, 120)}`);
    }
    parts.push(...info, '');
    this.sink.write(parts.join('\n') + '\n');
  }
}
