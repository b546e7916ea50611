// Vitest's unhandled errors fail a run without failing a test and are not in its JSON report: this reads
// them from its console output, so `npm test` can print them again where CI's tail shows them.
import { stripVTControlCharacters } from 'node:util';

/** At most this many lines of each error (its message, first frames and the file it came from). */
const LINES = 10;

/**
 * Feeds on the output's lines; `errors()` answers each unhandled error's first lines, starting at its
 * "⎯⎯ Unhandled Rejection ⎯⎯" (or Error) header, without the source excerpt's code lines.
 */
export function unhandledErrors() {
  const found = [];
  let block = null;
  return {
    line(raw) {
      const plain = stripVTControlCharacters(raw).trim();
      if (/Unhandled (Rejection|Error)\b(?!s)/.test(plain)) {
        block = [plain.replace(/^⎯+\s*|\s*⎯+$/g, '')];
        found.push(block);
        return;
      }
      if (!block) return;
      if (plain.startsWith('⎯') || block.length >= LINES) {
        block = null;
        return;
      }
      // Keep the message, the frames (❯ file:line) and "This error originated in …"; not the code excerpt.
      if (plain !== '' && !/^\d+\s*\|/.test(plain) && !/^\|/.test(plain)) block.push(plain.slice(0, 300));
    },
    errors: () => found.map((lines) => lines.join('\n    ')),
  };
}
