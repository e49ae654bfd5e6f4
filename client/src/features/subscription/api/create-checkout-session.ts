import { useMutation } from '@tanstack/react-query';
import type { CheckoutRequest } from '@domain/schemas/subscription';
import { api } from '@/lib/api';

export const createCheckoutSession = (body: CheckoutRequest) =>
  api.post<{ url: string }>('/api/create-checkout-session', body);

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
