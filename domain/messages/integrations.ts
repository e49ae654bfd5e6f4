/** API keys, the readings batch and webhooks (issue 29, docs/api.md). */
export const integrationsMessages = {
  keyNameRequired: 'Please give the key a name.',
  keyNameMax: 'Key names must be at most 60 characters',
  scopesRequired: 'Choose at least one scope: read, readings or write.',
  keyNotFound: 'API key not found',
  invalidKey: 'This API key is not valid or was revoked.',
  keyScope: 'This API key may not do that (its scopes: {{scopes}}).',
  keyRateLimited: 'Too many requests with this API key. Please wait {{seconds}} seconds.',
  ownersOnly: 'Only the owner manages API keys and webhooks.',
  batchEmpty: 'Send at least one reading.',
  batchTooLarge: 'Send at most {{max}} readings per request.',
  machineRequired: 'Each reading needs an equipmentId or a serialNumber.',
  serialNotFound: 'No active machine has this serial number.',
  serialAmbiguous: 'Several machines have this serial number: send the equipmentId.',
  webhookUrl: 'The address must be an http or https URL.',
  webhookPrivate:
    'The address is on a private, loopback or link-local network: webhooks are only sent to public addresses.',
  webhookUnresolved: 'The address could not be found (DNS).',
  eventsRequired: 'Choose at least one event.',
  webhookNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
} as const;
