import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitOperatorUpdateResponse } from '@domain/schemas/operators';
import { api } from '@/lib/api';
import { operatorKeys } from './keys';

export type SubmitUpdateBody = {
  equipmentId: string;
  equipmentName?: string;
  newUsage?: number;
  fuelAdded?: number;
  fuelType?: 'gas' | 'diesel';
  notes?: string;
};

/** Each submission carries an Idempotency-Key: a retried request is recorded once. */
export function useSubmitOperatorUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: SubmitUpdateBody; key: string }) =>
      api.post<SubmitOperatorUpdateResponse>('/api/operator-updates', body, {
        headers: { 'idempotency-key': key },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKeys.equipmentOptions() }),
  });
}
