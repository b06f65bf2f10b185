import { fmtMinutes } from '../../lib/format.js';

export interface MinutesRow {
  name: string;
  minutes: number;
}

/** Names with their minutes as bars, longest first (the Day page's apps and subjects). */
export function MinutesTable({ rows, caption, testId, color }: { rows: MinutesRow[]; caption: string; testId: string; color: string }) {
  const max = Math.max(1, ...rows.map((r) => r.minutes));
  return (
    <table className="app-table">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Share</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name} data-testid={testId} data-name={r.name} data-minutes={r.minutes}>
            <th scope="row" className="truncate">
              {r.name}
            </th>
            <td className="app-bar-cell">
              <span className="app-bar" style={{ width: `${(r.minutes / max) * 100}%`, background: color }} />
            </td>
            <td className="tabular app-time">{fmtMinutes(r.minutes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
