// npm start: builds what is missing or out of date (scripts/build-state.mjs), then runs the server in
// this process (so a signal sent to it reaches the server, which shuts down cleanly).
import { ensureBuilt } from './build-state.mjs';

ensureBuilt(['client', 'server']);
await import('../dist/server/main.js');
