/**
 * A spreadsheet's frame is not its data: the row numbers down its side ("2", "3", … before each row)
 * head no column and are no row's value, and a line under the rows with no row number (the sheet's
 * tabs "Marks  Summary", a status bar "Sum: 212") is no row of the sheet. The column letters across
 * the top (A B C …) and the formula bar never head a table (screen-layout's header test).
 */
import type { LaidTable } from './screen-layout.js';

const ROW_NUMBER = /^\d{1,4}$/;

/**
 * The table without its sheet frame: when its first column has no header and its rows mostly hold
 * row numbers there, counting up, that column is emptied and the rows without one are dropped.
 */
export function withoutSheetFrame(table: LaidTable): LaidTable {
  if (table.columns[0] !== '' || table.rows.length < 2) return table;
  const numbers = table.rows.map((r) => (r.cells[0] && ROW_NUMBER.test(r.cells[0].trim()) ? Number(r.cells[0]) : null));
  const held = numbers.filter((n): n is number => n !== null);
  // Counting up one by one (a hidden or filtered row may skip some): a sheet's margin, not a column of figures.
  const counting = held.length >= 2 && held.length >= 0.6 * table.rows.length && held.every((n, k) => k === 0 || n > held[k - 1]!) && held[held.length - 1]! - held[0]! <= 2 * held.length;
  if (!counting) return table;
  return {
    columns: table.columns,
    rows: table.rows.filter((_, k) => numbers[k] !== null).map((r) => ({ cells: [null, ...r.cells.slice(1)], loose: r.loose })),
  };
}
