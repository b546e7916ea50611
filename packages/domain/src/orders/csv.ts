/**
 * Spreadsheet formula injection: a cell that starts with '=', '+', '-', '@', a tab or a carriage
 * return is read as a formula by Excel and its kin, so it is prefixed with a single quote.
 */
export function neutraliseCsvCell(value: string): string {
  // The first character's code, not a regular expression: the export calls this for every cell.
  const first = value.charCodeAt(0);
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13
    ? `'${value}`
    : value;
}
