import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/session';

type Res = Awaited<ReturnType<FastifyInstance['inject']>>;

/** The operators' phones (User-Agent strings of an Android phone with Chrome and an iPhone with Safari). */
export const PHONES = [
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
];
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Someone using the app through its HTTP API with their own credentials. A sign-in lasts as long as the
 * server says (the session cookie's Max-Age, counted on the app's clock); the demo moves that clock
 * across three months, so an actor signs in again once half of that time has passed, as a person coming
 * back to the app would. The server's session rules are used as they are.
 */
export class Actor {
  private cookie: string | null = null;
  private renewAt = 0;
  signIns = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly clock: () => Date,
    readonly label: string,
    private readonly signIn: { url: string; body: Record<string, unknown> },
    /** The browser this person uses (operators: a phone); kept with what they send, as in the field. */
    private readonly userAgent?: string,
  ) {}

  private headers(): Record<string, string> {
    return {
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(this.userAgent ? { 'user-agent': this.userAgent } : {}),
    };
  }

  async call(method: Method, url: string, payload?: unknown): Promise<Res> {
    if (this.cookie === null || this.clock().getTime() >= this.renewAt) await this.login();
    const res = await this.app.inject({
      method,
      url,
      headers: this.headers(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300)
      throw new Error(`${this.label}: ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  }

  private async login(): Promise<void> {
    const res = await this.app.inject({
      method: 'POST',
      url: this.signIn.url,
      // The previous session (if any) goes with the request: the server ends it.
      headers: this.headers(),
      payload: { ...this.signIn.body, rememberMe: true },
    });
    if (res.statusCode !== 200)
      throw new Error(`${this.label}: sign-in failed: ${res.statusCode} ${res.body}`);
    const sid = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!sid?.maxAge) throw new Error(`${this.label}: the sign-in set no lasting session cookie`);
    this.cookie = `${SESSION_COOKIE}=${sid.value}`;
    this.renewAt = this.clock().getTime() + (sid.maxAge * 1000) / 2;
    this.signIns += 1;
  }

  async signOut(): Promise<void> {
    if (this.cookie === null) return;
    await this.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: this.cookie },
    });
    this.cookie = null;
  }
}
