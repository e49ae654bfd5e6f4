/** The schedule module's public door (issue 40): service tasks and programs; the only writer of task state. */
export { taskDtosOf } from './tasks.service';
export { figuresOf, tasksOf, toTaskDtos, type TaskRow } from './task-rows';
export { machineTaskIdsOf, remainingTasksDone, restoreTasksOfVoidedService } from './service-done';
export { findTask } from './task-rows';
export { applyProgramTx, programsForImport } from './program-machines';
export { renewFromDocument } from './renewals';
