/** The schedule module's public door (issue 40): service tasks and programs; the only writer of task state. */
export { taskDtosOf } from './tasks.service';
export { figuresOf, tasksOf, type TaskRow } from './task-rows';
