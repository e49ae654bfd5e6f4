// Runs before each API test file. Test databases are created by createTestApp (see helpers.ts).
process.env.LOG_LEVEL ??= 'silent';
