// Runs before each API test file. Test databases are created by createTestApp (see helpers.ts).
process.env.LOG_LEVEL ??= 'silent';

import { afterEach } from 'vitest';
import { answerViolations } from './answer-check';

// An answer that the OpenAPI document does not describe fails the test that asked for it (issue 41).
afterEach(() => {
  const found = answerViolations.splice(0);
  if (found.length)
    throw new Error(`Answers not as documented (GET /api/openapi.json):\n${found.join('\n')}`);
});
