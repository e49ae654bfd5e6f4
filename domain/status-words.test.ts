import { describe, expect, it } from 'vitest';
import { computeStatus } from './status';
import { dueGroupOf, pastDueWord } from './status-words';

/** One set of words (issue 43, defect 6): "past due by" under the overdue threshold, "overdue" past it. */
const at = (currentUsage: number) =>
  computeStatus(
    {
      currentUsage,
      lastServiceUsage: 0,
      serviceInterval: 250,
      hasScheduledMaintenance: false,
      nextMaintenanceDate: null,
    },
    '2026-11-27',
  );
const week = (d: string) => `week:${d}`;

describe('pastDueWord', () => {
  it('says past due between 100 % and 110 %, overdue from 110 %, nothing before the due point', () => {
    expect(pastDueWord(at(200))).toBeNull();
    expect(pastDueWord(at(250))).toBeNull(); // at the due point: not past it
    const s = at(257.5); // 7.5 hours past: Time for Service
    expect(s.serviceStatus).toBe('time_for_service');
    expect(s.overdueUsage).toBe(7.5);
    expect(pastDueWord(s)).toBe('pastDue');
    expect(pastDueWord(at(274.9))).toBe('pastDue');
    expect(pastDueWord(at(275))).toBe('overdue');
  });
  it('follows the machine status when the usage part is not sent (the dashboard overview)', () => {
    expect(pastDueWord({ overdueUsage: 7.5, serviceStatus: 'time_for_service' })).toBe('pastDue');
    expect(pastDueWord({ overdueUsage: 40, serviceStatus: 'overdue' })).toBe('overdue');
    expect(pastDueWord({ serviceStatus: 'overdue' })).toBeNull();
  });
});

describe('dueGroupOf', () => {
  const today = '2026-11-27';
  it('puts a Time for Service machine past its due point in Past due, not in this week', () => {
    const s = at(257.5);
    expect(dueGroupOf({ status: s, forecast: { dueDate: today } }, today, week)).toBe('past_due');
  });
  it('puts every Overdue machine in Overdue, whatever its forecast', () => {
    expect(dueGroupOf({ status: at(300), forecast: { dueDate: '2026-12-10' } }, today, week)).toBe(
      'overdue',
    );
  });
  it('puts a machine not yet due in the week of its forecast date, a gone date in Past due', () => {
    expect(
      dueGroupOf({ status: at(230), forecast: { dueDate: '2026-12-02' } }, today, week),
    ).toEqual({ week: 'week:2026-12-02' });
    expect(dueGroupOf({ status: at(230), forecast: { dueDate: '2026-11-20' } }, today, week)).toBe(
      'past_due',
    );
  });
});
