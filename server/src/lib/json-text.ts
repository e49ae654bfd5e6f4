/**
 * An answer that is already JSON text (put together from parts kept serialised, such as the dashboard
 * overview's machines): sent as it is, never serialised again (plugins/cached-read.ts).
 */
export class JsonText {
  constructor(readonly text: string) {}
}
