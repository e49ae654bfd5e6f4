import type { FastifyInstance } from 'fastify';
import type { Actor } from './actor';
import type { DemoClock } from './clock';
import type { Machine } from './data';

/** What every seed works with: the app, its clock, the demo's first and last instant, and who acts. */
export type Demo = {
  app: FastifyInstance;
  clock: DemoClock;
  /** The end of the demo (when it runs) and its start, 90 days before. */
  now: Date;
  start: Date;
  owner: Actor;
  operators: Actor[];
};

/** A machine of the demo as made: its usage 90 days ago, per day, at the end and at its last service. */
export type MachinePlan = {
  id: string;
  m: Machine;
  u0: number;
  perDay: number;
  end: number;
  lastService: number;
};
