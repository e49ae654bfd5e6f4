import { registerMessages } from './register';
/** Refusals of the subscription state machine, entitlement and checkout (the message says why and what to do). */
export const subscriptionMessages = registerMessages('subscription', {
  tierInvalid: 'Please choose a plan: basic, professional or enterprise.',
  intervalInvalid: 'Billing interval must be month or year.',
  pauseMonths: 'You can pause for 3 or 6 months.',
  pausedSubscribeInstead:
    'Your subscription is paused. Reactivate it instead of subscribing again.',
  alreadyActive: 'You already have an active subscription. Change your plan instead.',
  needsCheckout: 'Choose a plan and complete checkout to subscribe.',
  pausedChangePlan: 'Reactivate your subscription before changing your plan.',
  sameTier: 'You are already on this plan.',
  trialCannotPause: 'A trial cannot be paused. Choose a plan first.',
  onlyActivePause: 'Only an active subscription can be paused.',
  alreadyCanceled: 'Your subscription is already canceled at the end of the billing period.',
  onlyPausedReactivate: 'Only a paused subscription can be reactivated.',
  nothingToCancel: 'There is no subscription to cancel.',
  trialEnded:
    'Your free trial has ended. Choose a plan on the Subscription page to add or change data again. You can still view and export your data.',
  canceled:
    'Your subscription has been canceled. Subscribe again on the Subscription page to add or change data. You can still view and export your data.',
  paused:
    'Your subscription is paused. Reactivate it on the Subscription page to add or change data. You can still view and export your data.',
  pausedUntil:
    'Your subscription is paused until {{date}}. Reactivate it on the Subscription page to add or change data. You can still view and export your data.',
  expired:
    'Your subscription has expired. Renew it on the Subscription page to add or change data. You can still view and export your data.',
  checkoutExpired:
    'This checkout session has expired. Please start again from the Subscription page.',
  checkoutFailed: 'Failed to start checkout process',
  webhookSignature: 'Invalid webhook signature.',
  webhookNotConfigured: 'Webhook signing secret is not configured.',
  billingEventInvalid: 'Invalid billing event.',
  noPlanToChange: 'The subscription has no plan to change.',
} as const);
