import { registerMessages } from './register';
/** Messages of the fleet reports (issue 45). */
export const reportsMessages = registerMessages('reports', {
  fromAfterTo: 'The start date must be on or before the end date.',
  periodTooLong: 'A report covers at most {{max}} days.',
  futureEnd: 'The end date cannot be after today.',
} as const);
