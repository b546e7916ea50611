/**
 * Spreadsheet formula injection: a cell that starts with '=', '+', '-', '@', a tab or a carriage
 * return is read as a formula by Excel and its kin, so it is prefixed with a single quote.
 */
export function neutraliseCsvCell(value: string): string {
  // The first character's code, not a regular expression: the export calls this for every cell.
  return startsFormula(value.charCodeAt(0)) ? `'${value}` : value;
}

/** Whether a cell starting with this character code is neutralised: =, +, -, @, tab, carriage return. */
export function startsFormula(code: number): boolean {
  return code === 61 || code === 43 || code === 45 || code === 64 || code === 9 || code === 13;
}
