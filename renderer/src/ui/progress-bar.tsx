export function ProgressBar({ done, total, label }: { done: number | null; total: number | null; label: string }) {
  const known = done !== null && total !== null && total > 0;
  const pct = known ? Math.max(0, Math.min(100, (done / total) * 100)) : 0;
  return (
    <div
      className={`progress${known ? '' : ' indeterminate'}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? total : undefined}
      aria-valuenow={known ? done : undefined}
    >
      <span style={known ? { width: `${pct}%` } : undefined} />
    </div>
  );
}
