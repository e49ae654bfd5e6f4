import { registerMessages } from './register';
/** Messages of the maintenance schedule: service tasks and programs (issue 40). */
export const scheduleMessages = registerMessages('schedule', {
  nameRequired: 'Enter a name.',
  category: 'Choose service, inspection or renewal.',
  timeUnit: 'Choose days, weeks, months or years.',
  intervalPositive: 'Enter an interval above zero.',
  intervalRequired: 'Give the task an interval by usage, by time, or both.',
  renewalByTime: 'A renewal is due by time only: leave the usage interval empty.',
  usageOnNoUnit: 'This machine has no usage meter (N/A): give the task a time interval.',
  lastDoneUsageAbove:
    "The last done usage cannot be above the machine's current usage ({{current}}).",
  lastDoneDateFuture: 'The last done date cannot be in the future.',
  quantity: 'Enter a quantity above zero.',
  money: 'Enter 0 or more.',
  partRequired: 'Every part needs a name.',
  tasksRequired: 'A program needs at least one task.',
  tasksMax: 'At most 50 tasks.',
  machinesRequired: 'Choose at least one machine.',
  machinesMax: 'At most 500 machines at once.',
  programNotFound: 'Program not found.',
  taskNotFound: 'Task not found.',
  primaryLastDone:
    "The primary task's last done date is the machine's last service: record a service to move it.",
  primaryTask:
    'The primary task follows the Service Interval and Scheduled Maintenance fields: clear those to remove it.',
} as const);
