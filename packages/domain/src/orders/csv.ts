/**
 * Spreadsheet formula injection: a cell that starts with '=', '+', '-', '@', a tab or a carriage
 * return is read as a formula by Excel and its kin, so it is prefixed with a single quote.
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
