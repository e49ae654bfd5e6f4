import { z } from 'zod';
import { webhookEvents, type WebhookEvent } from '../integrations';
import { fuelTypes } from '../kinds';
import { taskCategories } from '../schedule';
import { serviceStatusSchema } from './status';
import { workOrderKinds } from './work-orders';

/**
 * What each webhook event's `data` holds (issues 29, 40 and 41). The one copy: the server's events
 * module types every event it records with these (events.service.ts NewEvent), and the OpenAPI document's
 * `webhooks` section and its `WebhookEvent…` components are generated from them
 * (server/src/modules/integrations/openapi-webhooks.ts).
 */

/** An applied (`reading.created`) or held (`reading.held`) meter reading. */
const readingData = z.object({
  equipmentId: z.string(),
  updateId: z
    .string()
    .nullable()
    .describe("The operator update it made; null for a manager's reading on the machine page."),
  usage: z.number().describe("The meter's total after the reading."),
  fuelAdded: z.number(),
  fuelType: z
    .enum(fuelTypes)
    .nullable()
    .describe(
      "The fuel added, or the machine's own fuel when none was (null for a manager's reading).",
    ),
  at: z.string().describe('When the reading was taken (ISO date-time).'),
  by: z.string().describe("Who sent it: the operator, the manager or the API key's name."),
  reason: z
    .enum(['implausible_reading', 'unusual_reading'])
    .nullable()
    .describe('Why it is held (implausible_reading) or flagged (unusual_reading); null otherwise.'),
});

const statusChangedData = z.object({
  equipmentId: z.string(),
  from: serviceStatusSchema,
  to: serviceStatusSchema,
  usage: z.number(),
  updateId: z
    .string()
    .optional()
    .describe('The operator update whose reading moved it, when one did.'),
});

const serviceRecordedData = z.object({
  equipmentId: z.string(),
  date: z.string().describe("The service's date (YYYY-MM-DD)."),
  usage: z.number(),
  cost: z.number().nullable(),
});

const serviceCompletedData = serviceRecordedData.extend({
  entryId: z.string().describe("The service entry in the machine's history."),
  tasks: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe('The service tasks it did (the primary task when none was chosen).'),
  workOrder: z
    .number()
    .int()
    .optional()
    .describe("The work order's number when an order wrote the service."),
});

const defectOpenedData = z.object({
  equipmentId: z.string(),
  inspectionId: z
    .string()
    .nullable()
    .describe('The inspection that found it; null for a problem an operator reported.'),
  item: z.string(),
  critical: z.boolean(),
});

const workOrderCompletedData = z.object({
  workOrderId: z.string(),
  number: z.number().int(),
  equipmentId: z.string(),
  kind: z.enum(workOrderKinds),
  total: z.number(),
  partsCost: z.number(),
  laborCost: z.number(),
  otherCost: z.number(),
  serviceEntryId: z
    .string()
    .nullable()
    .describe('The service entry a service order wrote; null otherwise.'),
  completedAt: z.string(),
});

const taskDueData = z.object({
  taskId: z.string(),
  taskName: z.string(),
  category: z.enum(taskCategories),
  equipmentId: z.string(),
  equipmentName: z.string(),
  status: serviceStatusSchema,
  cycle: z
    .string()
    .describe(
      "The task's cycle (`<last done date>-u<last done usage>`): sent once per task and cycle.",
    ),
  lastDone: z.object({ usage: z.number().nullable(), date: z.string().nullable() }),
  dueAt: z.object({ usage: z.number().nullable(), date: z.string().nullable() }),
  forecastDate: z.string().nullable(),
  usage: z.number(),
  overdueUsage: z.number().nullable(),
});

const documentExpiringData = z.object({
  documentId: z.string(),
  title: z.string(),
  category: z
    .string()
    .describe('manual, registration, insurance, warranty, receipt, certificate, photo or other.'),
  expiresOn: z.string().describe("The expiry date (YYYY-MM-DD, the company's calendar)."),
  daysLeft: z
    .number()
    .describe("Days from the company's today to the expiry: 1 to 30, or 0 on the day."),
  milestone: z
    .enum(['soon', 'today'])
    .describe(
      'soon: within 30 days of the expiry (sent once); today: the expiry is today (sent once).',
    ),
  machines: z
    .array(z.object({ equipmentId: z.string(), name: z.string() }))
    .describe('The machines the document is on.'),
});

/** Each event type's `data`. */
export const webhookEventData = {
  'reading.created': readingData,
  'reading.held': readingData,
  'equipment.status_changed': statusChangedData,
  'service.recorded': serviceRecordedData,
  'service.completed': serviceCompletedData,
  'defect.opened': defectOpenedData,
  'work_order.completed': workOrderCompletedData,
  'service_task.due': taskDueData,
  'document.expiring': documentExpiringData,
} as const satisfies Record<WebhookEvent, z.ZodType>;
export type WebhookEventData<T extends WebhookEvent> = z.infer<(typeof webhookEventData)[T]>;

/** What each event type is, in the document. */
export const webhookEventSummaries: Record<WebhookEvent, string> = {
  'reading.created': 'A meter reading was applied (operators, inspections, the batch, a manager)',
  'reading.held': 'A meter reading was held for a manager to review (physically implausible)',
  'equipment.status_changed': "A machine's service status changed",
  'service.recorded': 'A service was recorded (kept for existing endpoints; see service.completed)',
  'service.completed': 'A service was recorded, with the tasks it did',
  'defect.opened': 'A defect was found by an inspection or reported by an operator',
  'work_order.completed': 'A work order was completed',
  'service_task.due': 'A service task became due or overdue (once per task and cycle)',
  'document.expiring':
    "A document's expiry is within 30 days, and again on the day (once each per expiry date)",
};

/** `service_task.due` -> `ServiceTaskDue` (the event's component is `WebhookEventServiceTaskDue`). */
export const webhookEventName = (type: WebhookEvent) =>
  type
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** The whole body of one event type's request, signed as sent. */
const payloadOf = <T extends WebhookEvent>(type: T) =>
  z.object({
    id: z
      .string()
      .describe(
        'The event\'s id: the same on every attempt and "send again" (de-duplicate by it).',
      ),
    type: z.literal(type),
    createdAt: z.string().describe('When the event happened (ISO date-time).'),
    companyId: z.string(),
    data: webhookEventData[type],
  });

export const webhookEventPayloads = Object.fromEntries(
  webhookEvents.map((type) => [type, payloadOf(type)]),
) as { [T in WebhookEvent]: ReturnType<typeof payloadOf<T>> };
