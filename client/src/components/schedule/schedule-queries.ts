import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplyProgramInput,
  ProgramDto,
  ProgramInput,
  TaskDto,
  TaskInput,
  TaskPatch,
} from '@domain/schemas/schedule';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';

/**
 * The maintenance schedule's calls (issue 40): programs (GET/POST /api/programs, PATCH/DELETE
 * /api/programs/:id, POST /api/programs/:id/machines) and a machine's tasks (/api/equipment/:id/tasks).
 * Shared by the machine page, the Equipment List, Add Equipment and the Programs page.
 */
export const scheduleKeys = {
  programs: ['programs'] as const,
  tasks: (equipmentId: string) => [...equipmentKeys.all, 'tasks', equipmentId] as const,
};

export const programsQueryOptions = () =>
  queryOptions({
    queryKey: scheduleKeys.programs,
    queryFn: () => api.get<ProgramDto[]>('/api/programs'),
  });
export const usePrograms = (enabled = true) => useQuery({ ...programsQueryOptions(), enabled });

export const tasksQueryOptions = (equipmentId: string) =>
  queryOptions({
    queryKey: scheduleKeys.tasks(equipmentId),
    queryFn: () => api.get<TaskDto[]>(`/api/equipment/${equipmentId}/tasks`),
  });
export const useTasks = (equipmentId: string | null) =>
  useQuery({ ...tasksQueryOptions(equipmentId ?? ''), enabled: Boolean(equipmentId) });

/** A task or a program moves machines' status, Due soon and the dashboard: refresh them all. */
function useInvalidateSchedule() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: scheduleKeys.programs }),
      qc.invalidateQueries({ queryKey: equipmentKeys.all }),
      qc.invalidateQueries({ queryKey: ['maintenance'] }),
      qc.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useSaveTask(equipmentId: string) {
  const invalidate = useInvalidateSchedule();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TaskInput | TaskPatch }) =>
      id
        ? api.patch<TaskDto>(`/api/equipment/${equipmentId}/tasks/${id}`, input)
        : api.post<TaskDto>(`/api/equipment/${equipmentId}/tasks`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteTask(equipmentId: string) {
  const invalidate = useInvalidateSchedule();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/equipment/${equipmentId}/tasks/${id}`),
    onSuccess: invalidate,
  });
}

export function useSaveProgram() {
  const invalidate = useInvalidateSchedule();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProgramInput }) =>
      id
        ? api.patch<ProgramDto>(`/api/programs/${id}`, input)
        : api.post<ProgramDto>('/api/programs', input),
    onSuccess: invalidate,
  });
}

export function useDeleteProgram() {
  const invalidate = useInvalidateSchedule();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/programs/${id}`),
    onSuccess: invalidate,
  });
}

export function useApplyProgram() {
  const invalidate = useInvalidateSchedule();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ApplyProgramInput }) =>
      api.post<{ added: number; program: ProgramDto }>(`/api/programs/${id}/machines`, input),
    onSuccess: invalidate,
  });
}

/** Takes a program off a machine: its tasks stay as the machine's own, or go (`keepTasks`). */
export function useRemoveProgramFromMachine() {
  const invalidate = useInvalidateSchedule();
  return useMutation({
    mutationFn: (v: { programId: string; equipmentId: string; keepTasks: boolean }) =>
      api.delete<unknown>(
        `/api/programs/${v.programId}/machines/${v.equipmentId}?keepTasks=${String(v.keepTasks)}`,
      ),
    onSuccess: invalidate,
  });
}
