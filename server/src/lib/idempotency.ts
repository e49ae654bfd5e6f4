import { AppError } from './errors';

/**
 * An Idempotency-Key (or a photo's update key) already recorded for another request: 422, nothing
 * written, the first record kept (docs/decisions/trustworthy-record.md, "Idempotency keys"). The same
 * key with the same request still replays the first answer.
 */
export const keyReused = () => new AppError('unprocessable', 'common.idempotencyKeyReused');
