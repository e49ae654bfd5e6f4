import { describe, expect, it } from 'vitest';
import { defaultTaskIds } from './default-tasks';

const task = (
  id: string,
  status: 'good' | 'approaching_service' | 'time_for_service' | 'overdue',
  primary = false,
) => ({
  id,
  status,
  primary,
});

describe('the tasks Mark as Serviced starts ticked', () => {
  const tasks = [
    task('service', 'good', true),
    task('oil', 'approaching_service'),
    task('filter', 'good'),
    task('hydraulic', 'overdue'),
    task('inspection', 'time_for_service'),
  ];
  it('are the approaching, due and overdue ones', () => {
    expect(defaultTaskIds(tasks)).toEqual(['oil', 'hydraulic', 'inspection']);
  });
  it('are the primary alone when every task is Good', () => {
    expect(defaultTaskIds([task('service', 'good', true), task('filter', 'good')])).toEqual([
      'service',
    ]);
    expect(defaultTaskIds([task('filter', 'good')])).toEqual([]);
  });
  it('are the ones asked for (Mark done on a task), whatever their status', () => {
    expect(defaultTaskIds(tasks, ['filter'])).toEqual(['filter']);
    expect(defaultTaskIds(tasks, ['gone'])).toEqual([]);
  });
});
