import type { FastifyReply, FastifyRequest } from 'fastify';
import { deviceSummary } from '@domain/device';
import type { Deps } from '../deps';
import { idempotencyKeyOf } from '../lib/request';
import { companyCtx } from './access';
import type { CompanyContext } from './auth-context';

/**
 * Answers a phone's submission (an inspection, a problem report, an operator update) with `submit`,
 * handed the company context, the request's body, its Idempotency-Key (the outbox's key) and the
 * device it came from (for those that record it): 201 with the new record, or 200 with the first
 * answer when the same submission is sent again.
 */
export async function answerSubmission<Input, Body>(
  deps: Deps,
  req: FastifyRequest & { body: Input },
  reply: FastifyReply,
  submit: (
    deps: Deps,
    ctx: CompanyContext,
    input: Input,
    key: string | null,
    device: string | null,
  ) => Promise<{ created: boolean; body: Body }>,
): Promise<FastifyReply> {
  const { created, body } = await submit(
    deps,
    companyCtx(req),
    req.body,
    idempotencyKeyOf(req),
    deviceSummary(req.headers['user-agent']),
  );
  return reply.status(created ? 201 : 200).send(body);
}
