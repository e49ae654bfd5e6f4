// Chromium's switches for a browser that tools drive, not a person: no sandbox (root in a container),
// no GPU, no QUIC, and none of the first run, background networking, component updates or sync, which
// would spend the machine's CPU and network beside what is measured or tested. The browser tests
// (playwright.config.ts) and npm run bench's Lighthouse runs (scripts/bench-web.mjs) launch it with them.
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
