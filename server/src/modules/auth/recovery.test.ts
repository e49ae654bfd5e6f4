import { describe, expect, it } from 'vitest';
import { useTestApp, cookieFrom } from '../../test/helpers';
import {
  addCompanyUser,
  call,
  expectNewPassword,
  setupSecurityQuestions,
  signupOwner,
  statusOf,
} from '../../test/factories';
import { user } from '../../db/schema/index';
import { forgotPasswordResponseSchema } from '@domain/schemas/auth';
import { decoyQuestions } from './auth.service';
import { eq } from 'drizzle-orm';

const t = useTestApp();

const setup = (over: Record<string, unknown> = {}) => ({
  securityQuestion1: 'first_pet',
  securityAnswer1: 'Rex',
  securityQuestion2: 'birth_city',
  securityAnswer2: 'Springfield',
  ...over,
});

describe('GET /api/auth/security-questions', () => {
  it('lists at least 8 questions with stable ids and English and Spanish text', async () => {
    const res = await call(t.app, null, 'GET', '/api/auth/security-questions');
    expect(res.statusCode).toBe(200);
    const { questions } = res.json<{ questions: { id: string; en: string; es: string }[] }>();
    expect(questions.length).toBeGreaterThanOrEqual(8);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    for (const q of questions) {
      expect(q.en).toMatch(/\?$/);
      expect(q.es).toMatch(/^¿.*\?$/);
    }
  });
});

describe('POST /api/auth/setup-security-questions', () => {
  it('saves the questions with hashed, normalised answers', async () => {
    const owner = await signupOwner(t.app);
    expect(owner.user.hasSecurityQuestions).toBe(false);
    const res = await call(
      t.app,
      owner.cookie,
      'POST',
      '/api/auth/setup-security-questions',
      setup({ securityAnswer1: '  Rex  ' }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.systemDb.select().from(user).where(eq(user.id, owner.user.id));
    expect(row!.securityQuestion1).toBe('first_pet');
    expect(row!.securityAnswer1Hash).toMatch(/^\$argon2id\$/);
    expect(row!.securityAnswer1Hash).not.toContain('rex');
    const me = await call(t.app, owner.cookie, 'GET', '/api/auth/user');
    expect(me.json().hasSecurityQuestions).toBe(true);
    expect(me.body).not.toMatch(/argon2|Rex|Springfield/);
  });

  it('validates with the spec messages', async () => {
    const owner = await signupOwner(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ securityQuestion1: '' }, 'Security question 1 is required'],
      [{ securityQuestion1: 'not_a_question' }, 'Security question 1 is required'],
      [{ securityAnswer1: '   ' }, 'Security answer 1 is required'],
      [{ securityQuestion2: undefined }, 'Security question 2 is required'],
      [{ securityAnswer2: '' }, 'Security answer 2 is required'],
      [{ securityQuestion2: 'first_pet' }, 'Please choose different security questions.'],
    ];
    for (const [over, message] of cases) {
      const res = await call(
        t.app,
        owner.cookie,
        'POST',
        '/api/auth/setup-security-questions',
        setup(over),
      );
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('needs a signed-in owner or manager (401, operator 403)', async () => {
    expect(await statusOf(t.app, null, 'POST', '/api/auth/setup-security-questions', setup())).toBe(
      401,
    );
    const owner = await signupOwner(t.app);
    const op = await addCompanyUser(t.deps, owner.companyId, 'operator');
    expect(
      (await call(t.app, op.cookie, 'POST', '/api/auth/setup-security-questions', setup()))
        .statusCode,
    ).toBe(403);
    const mgr = await addCompanyUser(t.deps, owner.companyId, 'manager');
    expect(
      (await call(t.app, mgr.cookie, 'POST', '/api/auth/setup-security-questions', setup()))
        .statusCode,
    ).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('returns the two questions by email or business name, any case', async () => {
    const owner = await signupOwner(t.app);
    await setupSecurityQuestions(t.app, owner.cookie);
    for (const id of [owner.email.toUpperCase(), owner.businessName.toLowerCase()]) {
      const res = await call(t.app, null, 'POST', '/api/auth/forgot-password', {
        emailOrBusinessName: id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().questions.question1).toMatchObject({
        id: 'first_pet',
        en: 'What was the name of your first pet?',
      });
      expect(res.json().questions.question2.id).toBe('birth_city');
    }
  });

  it('answers unknown accounts and accounts without questions like known ones: stable decoy questions (no enumeration)', async () => {
    const forgot = (emailOrBusinessName: string) =>
      call(t.app, null, 'POST', '/api/auth/forgot-password', { emailOrBusinessName });
    const questionIds = new Set(
      (await call(t.app, null, 'GET', '/api/auth/security-questions'))
        .json<{ questions: { id: string }[] }>()
        .questions.map((q) => q.id),
    );
    const res = await forgot('nobody@example.com');
    expect(res.statusCode).toBe(200);
    const decoy = forgotPasswordResponseSchema.parse(res.json()).questions;
    expect(questionIds.has(decoy.question1.id)).toBe(true);
    expect(questionIds.has(decoy.question2.id)).toBe(true);
    expect(decoy.question1.id).not.toBe(decoy.question2.id);
    // The same questions every time, whatever the case or spacing typed; another address may differ.
    expect((await forgot('  NOBODY@example.com ')).json()).toEqual(res.json());
    const others = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const q = forgotPasswordResponseSchema.parse((await forgot(`ghost${i}@example.com`)).json());
      others.add(`${q.questions.question1.id}/${q.questions.question2.id}`);
    }
    expect(others.size).toBeGreaterThan(1);
    // A real account without questions is answered the same way.
    const owner = await signupOwner(t.app);
    const none = await forgot(owner.email);
    expect(none.statusCode).toBe(200);
    expect(forgotPasswordResponseSchema.parse(none.json()).questions.question1.id).toBeTruthy();
    // The decoys are the keyed hash of the address under the app's secret: another secret picks
    // other questions for some address, so nobody can tell them apart without the secret.
    expect(decoy).toEqual(decoyQuestions(t.deps.config.APP_SECRET, 'nobody@example.com'));
    const pairs = (secret: string) =>
      Array.from({ length: 8 }, (_, i) => decoyQuestions(secret, `ghost${i}@example.com`));
    expect(pairs('another-secret-of-at-least-32-characters!')).not.toEqual(
      pairs(t.deps.config.APP_SECRET),
    );
    const empty = await call(t.app, null, 'POST', '/api/auth/forgot-password', {
      emailOrBusinessName: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Email or business name is required');
  });

  it('validates the reset with the spec messages', async () => {
    const base = {
      emailOrBusinessName: 'x@example.com',
      securityAnswer1: 'a',
      securityAnswer2: 'b',
      newPassword: 'Long-Enough-77',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ emailOrBusinessName: '' }, 'Email or business name is required'],
      [{ securityAnswer1: '' }, 'Security answer 1 is required'],
      [{ securityAnswer2: ' ' }, 'Security answer 2 is required'],
      [{ newPassword: 'short' }, 'Password must be at least 8 characters'],
    ];
    for (const [over, message] of cases) {
      const res = await call(t.app, null, 'POST', '/api/auth/reset-password', { ...base, ...over });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const owner = await signupOwner(t.app);
    await setupSecurityQuestions(t.app, owner.cookie);
    const common = await call(t.app, null, 'POST', '/api/auth/reset-password', {
      ...base,
      emailOrBusinessName: owner.email,
      securityAnswer1: 'Rex',
      securityAnswer2: 'Springfield',
      newPassword: 'password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
  });

  it('resets with case-insensitive, trimmed answers, ends every session and signs in with the new password', async () => {
    const owner = await signupOwner(t.app);
    await setupSecurityQuestions(t.app, owner.cookie);
    const second = cookieFrom(
      await call(t.app, null, 'POST', '/api/auth/login', {
        emailOrBusinessName: owner.email,
        password: owner.password,
      }),
    );
    const res = await call(t.app, null, 'POST', '/api/auth/reset-password', {
      emailOrBusinessName: owner.businessName,
      securityAnswer1: '  REX ',
      securityAnswer2: 'springfield',
      newPassword: 'Brand-New-Pass-9',
    });
    expect(res.statusCode).toBe(200);
    await expectNewPassword(t.app, owner, 'Brand-New-Pass-9', [
      [owner.cookie, 401],
      [second, 401],
    ]);
  });

  it('refuses wrong answers and counts them as failed sign-ins (429, not for good)', async () => {
    const owner = await signupOwner(t.app);
    await setupSecurityQuestions(t.app, owner.cookie);
    const wrong = {
      emailOrBusinessName: owner.email,
      securityAnswer1: 'Rex',
      securityAnswer2: 'Shelbyville',
      newPassword: 'Brand-New-Pass-9',
    };
    const first = await call(t.app, null, 'POST', '/api/auth/reset-password', wrong);
    expect(first.statusCode).toBe(401);
    expect(first.json().message).toBe('Security answers are incorrect. Please try again.');
    // Sessions survive a failed reset.
    expect(await statusOf(t.app, owner.cookie, 'GET', '/api/auth/user')).toBe(200);
    // Three more wrong answers (by business name: the same account counter) and one wrong password: blocked.
    for (let i = 0; i < 3; i++)
      await call(t.app, null, 'POST', '/api/auth/reset-password', {
        ...wrong,
        emailOrBusinessName: owner.businessName,
      });
    await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.businessName,
      password: 'not-the-password',
    });
    const blocked = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: owner.email,
      password: owner.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    const resetBlocked = await call(t.app, null, 'POST', '/api/auth/reset-password', {
      ...wrong,
      securityAnswer2: 'Springfield',
    });
    expect(resetBlocked.statusCode).toBe(429);
    t.clock.set(new Date(Date.now() + 16 * 60_000));
    const later = await call(t.app, null, 'POST', '/api/auth/reset-password', {
      ...wrong,
      securityAnswer2: 'Springfield',
    });
    t.clock.reset();
    expect(later.statusCode).toBe(200);
  });

  it('limits probing for accounts per address (429)', async () => {
    const ip = '203.0.113.9';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { emailOrBusinessName: `ghost${i}@example.com` },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: '203.0.113.10',
      payload: { emailOrBusinessName: 'ghost@example.com' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('fails a reset for an unknown account exactly like wrong answers, and counts it', async () => {
    const reset = (emailOrBusinessName: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress,
        payload: {
          emailOrBusinessName,
          securityAnswer1: 'Rex',
          securityAnswer2: 'Springfield',
          newPassword: 'Brand-New-Pass-9',
        },
      });
    const owner = await signupOwner(t.app);
    await setupSecurityQuestions(t.app, owner.cookie, ['Rex', 'Shelbyville']);
    const known = await reset(owner.email, '198.51.100.7');
    const unknown = await reset('nobody-at-all@example.com', '198.51.100.8');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toMatchObject({ key: 'auth.answersIncorrect' });
    // Wrong guesses at an unknown account are limited like at a known one.
    for (let i = 0; i < 4; i++) await reset('nobody-at-all@example.com', '198.51.100.8');
    expect((await reset('nobody-at-all@example.com', '198.51.100.8')).statusCode).toBe(429);
  });
});
