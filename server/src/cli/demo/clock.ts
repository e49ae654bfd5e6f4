/**
 * The demo's clock: the app is built with `now: () => clock.at`, and the seeds move it through the
 * 90 days (the same injectable clock the tests use), so every entry is dated when it happened.
 */
export class DemoClock {
  constructor(public at: Date) {}
  readonly now = () => this.at;
}
