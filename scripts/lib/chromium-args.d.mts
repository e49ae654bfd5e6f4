export const QUIET_CHROMIUM_ARGS: string[];
