import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ForgotPasswordResponse } from '@domain/schemas/auth';
import { api } from '@/lib/api';

export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<ForgotPasswordResponse>('/api/auth/forgot-password', input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
