/** The public door of the events outbox (webhooks, issue 29). */
export {
  announce,
  enqueueEvents,
  kickDelivery,
  readingEventWrite,
  type NewEvent,
} from './events.service';
