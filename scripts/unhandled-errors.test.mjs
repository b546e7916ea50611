import { describe, expect, it } from 'vitest';
import { unhandledErrors } from './unhandled-errors.mjs';

describe('unhandledErrors: what vitest prints of an error no test caught', () => {
  it('keeps each error’s header, message, frames and origin, without the code excerpt', () => {
    const reader = unhandledErrors();
    const output = [
      ' ✓ apps/server/src/a.test.ts (3 tests) 20ms',
      '\u001b[31m⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯\u001b[39m',
      '',
      'Vitest caught 1 unhandled error during the test run.',
      '⎯⎯⎯⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯⎯⎯',
      'Error: Cannot use a pool after calling end on the pool',
      ' ❯ node_modules/pg-pool/index.js:45:11',
      '    44|     }',
      '     |     ^',
      'This error originated in "apps/server/src/automations.test.ts" test file.',
      '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯',
      ' Test Files  1 passed (1)',
    ];
    for (const line of output) reader.line(line);
    expect(reader.errors()).toEqual([
      [
        'Unhandled Rejection',
        'Error: Cannot use a pool after calling end on the pool',
        '❯ node_modules/pg-pool/index.js:45:11',
        'This error originated in "apps/server/src/automations.test.ts" test file.',
      ].join('\n    '),
    ]);
  });

  it('finds nothing in a clean run', () => {
    const reader = unhandledErrors();
    for (const line of [' ✓ a.test.ts (1 test)', ' Test Files  1 passed (1)']) reader.line(line);
    expect(reader.errors()).toEqual([]);
  });
});
