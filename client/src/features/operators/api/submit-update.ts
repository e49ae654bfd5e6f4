/**
 * The body of POST /api/operator-updates. The operator screen never posts it directly: every entry
 * goes through the outbox (features/operators/outbox), which sends it with its Idempotency-Key.
 */
export type SubmitUpdateBody = {
  equipmentId: string;
  equipmentName?: string;
  newUsage?: number;
  fuelAdded?: number;
  fuelType?: 'gas' | 'diesel';
  notes?: string;
};
