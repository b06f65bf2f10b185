import { fmtMinutes } from '../lib/format.js';

export interface MinutesRow {
  name: string;
  minutes: number;
}

/**
 * Names with their minutes as bars, longest first (the Day page's apps and subjects, Activity's apps).
 * `swatch` puts the name's colour before it, for tables read beside a chart in the same colours.
 */
export function MinutesTable({
  rows,
  caption,
  nameHeader = 'Name',
  color,
  swatch = false,
  testId,
}: {
  rows: MinutesRow[];
  caption: string;
  nameHeader?: string;
  color: (name: string) => string;
  swatch?: boolean;
  testId?: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.minutes));
  return (
    <table className="app-table">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col">Share</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name} {...(testId && { 'data-testid': testId, 'data-name': r.name, 'data-minutes': r.minutes })}>
            <th scope="row" className="truncate">
              {swatch && <span className="legend-swatch" style={{ background: color(r.name) }} aria-hidden="true" />}
              {r.name}
            </th>
            <td className="app-bar-cell">
              <span className="app-bar" style={{ width: `${(r.minutes / max) * 100}%`, background: color(r.name) }} />
            </td>
            <td className="tabular app-time">{fmtMinutes(r.minutes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
