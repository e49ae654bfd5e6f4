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
  /** The fill-up's own price per `volumeUnit` and total cost (issue 45). */
  price?: number;
  cost?: number;
  /** The unit `fuelAdded` and `price` were typed in: the company's. */
  volumeUnit?: 'gal' | 'L';
  notes?: string;
};
