/** The maintenance module's public door: what other modules may use (docs/architecture.md). */
export { companyTasks, type CompanyTask } from './due-tasks';
export { announceDueTasks } from './task-due-events';
