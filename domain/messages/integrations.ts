import { registerMessages } from './register';
/** API keys, the readings batch and webhooks (issue 29, docs/api.md). Short: the catalogue is in every screen. */
export const integrationsMessages = registerMessages('integrations', {
  keyNameRequired: 'Please name the key.',
  scopesRequired: 'Choose at least one scope.',
  invalidKey: 'Invalid or revoked API key.',
  keyScope: 'This API key may not do that.',
  batchEmpty: 'Send at least one reading.',
  batchTooLarge: 'At most {{max}} readings per request.',
  machineRequired: 'Each reading needs equipmentId or serialNumber.',
  serialNotFound: 'No active machine has this serial number.',
  serialAmbiguous: 'Several machines share this serial number.',
  webhookUrl: 'Enter an http or https URL.',
  webhookPrivate: 'Addresses on a private, loopback or link-local network are refused.',
  webhookUnresolved: 'This address could not be found.',
  eventsRequired: 'Choose at least one event.',
} as const);
