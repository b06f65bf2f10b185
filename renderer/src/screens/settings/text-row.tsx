import { useDraft } from '../../ui/use-draft.js';

/** A model name, with the suggestions of the page's datalist. */
export function ModelRow({ label, desc, value, placeholder, onCommit }: { label: string; desc: string; value: string; placeholder: string; onCommit(v: string): void }) {
  return <TextRow label={label} desc={desc} value={value} placeholder={placeholder} list="model-suggestions" onCommit={onCommit} mono />;
}

/** A text setting, sent when the field loses focus or Enter is pressed. */
export function TextRow({
  label,
  desc,
  value,
  placeholder,
  onCommit,
  type = 'text',
  list,
  mono,
}: {
  label: string;
  desc: string;
  value: string;
  placeholder: string;
  onCommit(v: string): void;
  type?: string;
  list?: string;
  mono?: boolean;
}) {
  const { draft, edit, done } = useDraft(value);
  const id = `f-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const commit = () => {
    done();
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label className="setting-title" htmlFor={id}>
          {label}
        </label>
        <div className="setting-desc">{desc}</div>
      </div>
      <input
        id={id}
        className={`input text-setting${mono ? ' mono' : ''}`}
        type={type}
        list={list}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => edit(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </div>
  );
}
