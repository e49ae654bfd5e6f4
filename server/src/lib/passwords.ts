import { hash, verify } from '@node-rs/argon2';

// Argon2id (algorithm 2) with OWASP-recommended parameters (19 MiB, t=2, p=1).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(
  hashed: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!hashed) {
    // Spend comparable time so a missing account is not told apart by timing.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Security answers are trimmed and lower-cased, then hashed like passwords. */
export const normaliseAnswer = (answer: string) => answer.trim().toLowerCase();
