import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type {
  ApiKeyDto,
  ApiScope,
  CreateApiKeyInput,
  CreatedApiKeyDto,
} from '@domain/schemas/integrations';
import { apiKey, user } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { hashToken, TOKEN_PREFIX } from '../../plugins/api-keys';
import type { CompanyContext } from '../../plugins/session';

/** The user row a key acts through (hidden from the team lists, which list operators and managers by role). */
export const INTEGRATION_ROLE = 'integration';
export const API_KEY_AUTH_TYPE = 'api_key';

/** Keys and webhooks are managed by a person who is the owner, never by a key. */
export function assertOwnerPerson(ctx: CompanyContext) {
  if (ctx.apiKey || ctx.role !== 'owner') throw new AppError('forbidden', 'common.forbidden');
}

/** A new key: a user row for it and the key row, in one transaction. The token is answered once. */
export async function createApiKey(
  deps: Deps,
  ctx: CompanyContext,
  input: CreateApiKeyInput,
): Promise<CreatedApiKeyDto> {
  assertOwnerPerson(ctx);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [u] = await tx
      .insert(user)
      .values({
        companyId: ctx.companyId,
        role: INTEGRATION_ROLE,
        authType: API_KEY_AUTH_TYPE,
        firstName: input.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: user.id });
    const [k] = await tx
      .insert(apiKey)
      .values({
        companyId: ctx.companyId,
        userId: u!.id,
        name: input.name,
        scopes: input.scopes,
        tokenHash: hashToken(token),
        tokenPrefix: token.slice(0, 10),
        createdBy: ctx.userId,
        createdAt: now,
      })
      .returning({ id: apiKey.id });
    return { id: k!.id, token };
  });
}

export async function listApiKeys(deps: Deps, ctx: CompanyContext): Promise<ApiKeyDto[]> {
  assertOwnerPerson(ctx);
  const rows = await deps.db
    .select()
    .from(apiKey)
    .where(eq(apiKey.companyId, ctx.companyId))
    .orderBy(desc(apiKey.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scopes: r.scopes as ApiScope[],
    prefix: r.tokenPrefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

/** Revokes a key: its next request answers 401 (every server looks keys up per request). */
export async function revokeApiKey(deps: Deps, ctx: CompanyContext, id: string): Promise<void> {
  assertOwnerPerson(ctx);
  const rows = await deps.db
    .update(apiKey)
    .set({ revokedAt: deps.now() })
    .where(and(eq(apiKey.id, id), eq(apiKey.companyId, ctx.companyId)))
    .returning({ id: apiKey.id });
  if (rows.length === 0) throw notFound();
}
