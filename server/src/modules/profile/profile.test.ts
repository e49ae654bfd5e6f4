import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { company } from '../../db/schema/index';
import { cookieFrom, useTestApp } from '../../test/helpers';
import {
  addCompanyUser,
  call,
  expectNewPassword,
  signInStatus,
  signupOwner,
  statusOf,
} from '../../test/factories';

const t = useTestApp();

describe('PATCH /api/user/profile', () => {
  it('updates names and e-mails and returns the current user', async () => {
    const owner = await signupOwner(t.app);
    const email = `new-${owner.email}`;
    const res = await call(t.app, owner.cookie, 'PATCH', '/api/user/profile', {
      firstName: ' Ana ',
      lastName: 'García',
      email: email.toUpperCase(),
      secondaryEmail: 'backup@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Ana',
      lastName: 'García',
      email,
      secondaryEmail: 'backup@example.com',
    });
    expect(res.body).not.toMatch(/hash/i);
    // An empty secondary e-mail clears it; sign-in works with the new e-mail.
    const cleared = await call(t.app, owner.cookie, 'PATCH', '/api/user/profile', {
      firstName: 'Ana',
      lastName: 'García',
      email,
      secondaryEmail: '',
    });
    expect(cleared.json().secondaryEmail).toBeNull();
    expect(await signInStatus(t.app, email, owner.password)).toBe(200);
  });

  it('validates with the spec messages', async () => {
    const owner = await signupOwner(t.app);
    const base = { firstName: 'A', lastName: 'B', email: owner.email, secondaryEmail: '' };
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
      [{ email: '' }, 'Please enter a valid email address.'],
      [{ secondaryEmail: 'nope@' }, 'Please enter a valid secondary email address.'],
      [{ firstName: 'x'.repeat(101) }, 'Names must be at most 100 characters.'],
    ];
    for (const [over, message] of cases) {
      const res = await call(t.app, owner.cookie, 'PATCH', '/api/user/profile', {
        ...base,
        ...over,
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('keeps e-mails unique (409) and needs a session (401)', async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const res = await call(t.app, b.cookie, 'PATCH', '/api/user/profile', {
      firstName: '',
      lastName: '',
      email: a.email.toUpperCase(),
      secondaryEmail: '',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists.');
    expect(
      (await call(t.app, null, 'PATCH', '/api/user/profile', { email: 'x@example.com' }))
        .statusCode,
    ).toBe(401);
  });

  it('lets an operator edit personal details without an e-mail', async () => {
    const owner = await signupOwner(t.app);
    const op = await addCompanyUser(t.deps, owner.companyId, 'operator');
    const res = await call(t.app, op.cookie, 'PATCH', '/api/user/profile', {
      firstName: 'María',
      lastName: 'López',
      email: '',
      secondaryEmail: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'María', email: null, role: 'operator' });
  });
});

describe('PATCH /api/user/change-password', () => {
  it('changes the password, keeps this session and ends the other sessions', async () => {
    const owner = await signupOwner(t.app);
    const other = cookieFrom(
      await call(t.app, null, 'POST', '/api/auth/login', {
        emailOrBusinessName: owner.email,
        password: owner.password,
      }),
    );
    const res = await call(t.app, owner.cookie, 'PATCH', '/api/user/change-password', {
      currentPassword: owner.password,
      newPassword: 'Another-Good-One-5',
    });
    expect(res.statusCode).toBe(200);
    await expectNewPassword(t.app, owner, 'Another-Good-One-5', [
      [owner.cookie, 200],
      [other, 401],
    ]);
  });

  it('validates with the spec messages', async () => {
    const owner = await signupOwner(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ currentPassword: '', newPassword: 'Another-Good-One-5' }, 'Current password is required.'],
      [
        { currentPassword: owner.password, newPassword: 'short' },
        'New password must be at least 8 characters long.',
      ],
      [
        { currentPassword: 'wrong-password', newPassword: 'Another-Good-One-5' },
        'Current password is incorrect.',
      ],
      [
        { currentPassword: owner.password, newPassword: 'password1' },
        'This password is too common. Please choose a less predictable one.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, owner.cookie, 'PATCH', '/api/user/change-password', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('is refused to operators (403) and signed-out callers (401)', async () => {
    const owner = await signupOwner(t.app);
    const op = await addCompanyUser(t.deps, owner.companyId, 'operator');
    expect(
      await statusOf(t.app, op.cookie, 'PATCH', '/api/user/change-password', {
        currentPassword: 'x',
        newPassword: 'Another-Good-One-5',
      }),
    ).toBe(403);
    expect(
      await statusOf(t.app, null, 'PATCH', '/api/user/change-password', {
        currentPassword: 'x',
        newPassword: 'Another-Good-One-5',
      }),
    ).toBe(401);
  });

  it('limits wrong current passwords (429)', async () => {
    const owner = await signupOwner(t.app);
    for (let i = 0; i < 5; i++) {
      await call(t.app, owner.cookie, 'PATCH', '/api/user/change-password', {
        currentPassword: `wrong-${i}-pass`,
        newPassword: 'Another-Good-One-5',
      });
    }
    const res = await call(t.app, owner.cookie, 'PATCH', '/api/user/change-password', {
      currentPassword: owner.password,
      newPassword: 'Another-Good-One-5',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many attempts/);
  });
});

describe('company settings', () => {
  it('shows and renames the company for owners and managers; the new name signs in', async () => {
    const owner = await signupOwner(t.app);
    const got = await call(t.app, owner.cookie, 'GET', '/api/company/settings');
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      companyName: owner.businessName,
      subscriptionStatus: 'trial',
      subscriptionTier: 'basic',
    });
    const name = `${owner.businessName} Renamed`;
    const res = await call(t.app, owner.cookie, 'PATCH', '/api/company/settings', {
      companyName: `  ${name} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().companyName).toBe(name);
    expect((await call(t.app, owner.cookie, 'GET', '/api/auth/user')).json().businessName).toBe(
      name,
    );
    expect(await signInStatus(t.app, name, owner.password)).toBe(200);
    const mgr = await addCompanyUser(t.deps, owner.companyId, 'manager');
    expect(
      await statusOf(t.app, mgr.cookie, 'PATCH', '/api/company/settings', {
        companyName: `${name} 2`,
      }),
    ).toBe(200);
  });

  it('validates and keeps business names unique', async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const empty = await call(t.app, a.cookie, 'PATCH', '/api/company/settings', {
      companyName: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Company name cannot be empty.');
    const missing = await call(t.app, a.cookie, 'PATCH', '/api/company/settings', {});
    expect(missing.json().message).toBe('Company name cannot be empty.');
    const dup = await call(t.app, a.cookie, 'PATCH', '/api/company/settings', {
      companyName: b.businessName.toUpperCase(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This business name is already registered.');
    // Changing only the case of one's own name is allowed.
    expect(
      await statusOf(t.app, a.cookie, 'PATCH', '/api/company/settings', {
        companyName: a.businessName.toUpperCase(),
      }),
    ).toBe(200);
  });

  it('is refused to operators (403) and signed-out callers (401)', async () => {
    const owner = await signupOwner(t.app);
    const op = await addCompanyUser(t.deps, owner.companyId, 'operator');
    expect(await statusOf(t.app, op.cookie, 'GET', '/api/company/settings')).toBe(403);
    expect(
      (await call(t.app, op.cookie, 'PATCH', '/api/company/settings', { companyName: 'Hijack' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, null, 'PATCH', '/api/company/settings', { companyName: 'Hijack' }))
        .statusCode,
    ).toBe(401);
  });
});

/**
 * Two endpoints rename the company: the profile's PATCH /api/company/settings and the Operators
 * page's POST /api/company-settings. Both go through renameCompany, so they give the same results;
 * the only difference is the spec's message for an empty name on the Operators page ("No Changes":
 * an empty field there means "keep it").
 */
describe('one rename rule for both company-name endpoints', () => {
  const endpoints = [
    {
      label: 'PATCH /api/company/settings',
      method: 'PATCH',
      url: '/api/company/settings',
      emptyMessage: 'Company name cannot be empty.',
    },
    {
      label: 'POST /api/company-settings',
      method: 'POST',
      url: '/api/company-settings',
      emptyMessage: 'Please enter at least one setting to update.',
    },
  ] as const;
  type Endpoint = (typeof endpoints)[number];

  const storedName = async (companyId: string) =>
    (
      await t.deps.systemDb
        .select({ name: company.name })
        .from(company)
        .where(eq(company.id, companyId))
    )[0]?.name;

  /** Every case on one endpoint; returns what a caller sees, with names made relative to the company. */
  async function outcomes(e: Endpoint) {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const rename = (companyName: unknown) =>
      call(t.app, a.cookie, e.method, e.url, { companyName });
    const seen: Record<string, unknown> = {};
    const refused = async (label: string, companyName: unknown) => {
      const res = await rename(companyName);
      seen[label] = {
        status: res.statusCode,
        message: res.json().message,
        field: res.json().fieldErrors?.companyName ?? null,
        unchanged: (await storedName(a.companyId)) === a.businessName,
      };
    };
    await refused('one letter', ' X ');
    await refused('too long', 'x'.repeat(121));
    await refused('taken, other case', b.businessName.toUpperCase());
    await refused('taken, spaces around', `  ${b.businessName}  `);

    const wanted = `${a.businessName} Renamed`;
    const ok = await rename(`  ${wanted}  `);
    seen.success = {
      status: ok.statusCode,
      answered: ok.json().companyName === wanted,
      stored: (await storedName(a.companyId)) === wanted,
      signsIn: (
        await call(t.app, null, 'POST', '/api/auth/login', {
          emailOrBusinessName: wanted.toLowerCase(),
          password: a.password,
        })
      ).statusCode,
      otherUntouched: (await storedName(b.companyId)) === b.businessName,
    };
    const caseOnly = await rename(wanted.toUpperCase());
    seen['own name, other case'] = {
      status: caseOnly.statusCode,
      stored: (await storedName(a.companyId)) === wanted.toUpperCase(),
    };
    return seen;
  }

  it('gives the same results on both endpoints', async () => {
    const [profile, operators] = [await outcomes(endpoints[0]), await outcomes(endpoints[1])];
    expect(profile).toEqual({
      'one letter': {
        status: 400,
        message: 'Business name must be at least 2 characters',
        field: 'Business name must be at least 2 characters',
        unchanged: true,
      },
      'too long': {
        status: 400,
        message: 'Company name must be at most 120 characters.',
        field: 'Company name must be at most 120 characters.',
        unchanged: true,
      },
      'taken, other case': {
        status: 409,
        message: 'This business name is already registered.',
        field: 'This business name is already registered.',
        unchanged: true,
      },
      'taken, spaces around': {
        status: 409,
        message: 'This business name is already registered.',
        field: 'This business name is already registered.',
        unchanged: true,
      },
      success: { status: 200, answered: true, stored: true, signsIn: 200, otherUntouched: true },
      'own name, other case': { status: 200, stored: true },
    });
    expect(operators).toEqual(profile);
  });

  it.each(endpoints)('$label: an empty name changes nothing, with the spec message', async (e) => {
    const a = await signupOwner(t.app);
    for (const companyName of ['', '   ']) {
      const res = await call(t.app, a.cookie, e.method, e.url, { companyName });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(e.emptyMessage);
    }
    expect(await storedName(a.companyId)).toBe(a.businessName);
  });

  it.each(endpoints)(
    "$label: a manager renames their own company only; another company's data stays as it was",
    async (e) => {
      const a = await signupOwner(t.app);
      const b = await signupOwner(t.app);
      const before = (
        await t.deps.systemDb.select().from(company).where(eq(company.id, b.companyId))
      )[0]!;
      const mgr = await addCompanyUser(t.deps, a.companyId, 'manager');
      const res = await call(t.app, mgr.cookie, e.method, e.url, {
        companyName: `${a.businessName} by manager`,
      });
      expect(res.statusCode).toBe(200);
      expect(await storedName(a.companyId)).toBe(`${a.businessName} by manager`);
      expect(
        (await t.deps.systemDb.select().from(company).where(eq(company.id, b.companyId)))[0],
      ).toEqual(before);
      expect((await call(t.app, b.cookie, 'GET', '/api/auth/user')).json().businessName).toBe(
        b.businessName,
      );
    },
  );
});
