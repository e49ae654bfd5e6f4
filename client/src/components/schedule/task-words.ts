import { PRIMARY_TASK_NAME } from '@domain/schedule';
import type { TaskDto } from '@domain/schemas/schedule';
import { useTranslation } from 'react-i18next';
import { formatUsage } from '@/components/equipment/format';

type Interval = Pick<TaskDto, 'everyUsage' | 'everyTime'>;

/**
 * A task's words in the reader's language: the primary task's name while it is the default "Service"
 * (issue 40), and its interval ("Every 250 h or 12 months, whichever comes first").
 */
export function useTaskWords() {
  const { t } = useTranslation('schedule');
  const { t: te } = useTranslation('equipment');
  const name = (task: Pick<TaskDto, 'name' | 'primary'>) =>
    task.primary && task.name === PRIMARY_TASK_NAME ? t('primaryName') : task.name;
  const time = (every: NonNullable<Interval['everyTime']>) =>
    t(`units.${every.unit}`, { count: every.count });
  const interval = (task: Interval, unit: string) => {
    const usage =
      task.everyUsage !== null && unit !== 'n/a' ? formatUsage(te, task.everyUsage, unit) : null;
    const when = task.everyTime ? time(task.everyTime) : null;
    if (usage && when) return t('every', { what: t('or', { a: usage, b: when }) });
    return usage || when ? t('every', { what: usage ?? when }) : '';
  };
  return { name, time, interval };
}
