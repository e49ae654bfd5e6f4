import type { WorkOrderDto } from '@domain/schemas/work-orders';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useAssignees } from '../api/get-lookups';

const statusColor: Record<WorkOrderDto['status'], string> = {
  open: 'bg-blue-100 text-blue-900',
  in_progress: 'bg-amber-100 text-amber-900',
  on_hold: 'bg-slate-200 text-slate-900',
  done: 'bg-green-100 text-green-900',
  canceled: 'bg-slate-100 text-slate-600 line-through',
};

/** A work order's status as a badge, in words (never colour alone). */
export function StatusPill({ status }: { status: WorkOrderDto['status'] }) {
  const { t } = useTranslation('workOrders');
  return (
    <span
      className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusColor[status])}
      data-testid="wo-status"
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

/** A form's error from the server, announced (role alert), across the form's columns. */
export function FormAlert({ error, className }: { error: string | null; className: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={cn('text-sm text-destructive', className)}>
      {error}
    </p>
  );
}

/** A form's submit button (disabled while it is sent) and Cancel. */
export function SubmitCancel({
  label,
  pending,
  onCancel,
  className,
}: {
  label: string;
  pending: boolean;
  onCancel: () => void;
  className: string;
}) {
  const { t } = useTranslation('workOrders');
  return (
    <div className={cn('flex gap-2', className)}>
      <Button type="submit" disabled={pending}>
        {label}
      </Button>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('cancel')}
      </Button>
    </div>
  );
}

/** An assignee select's options: `none` (nobody, or anyone), then each person work can be assigned to. */
export function AssigneeOptions({ none }: { none: string }) {
  const assignees = useAssignees();
  return (
    <>
      <option value="">{none}</option>
      {(assignees.data ?? []).map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </>
  );
}
