import { registerMessages } from './register';
/** Messages of the field app (issue 13): photos with an operator update. */
export const fieldMessages = registerMessages('field', {
  photoTooLarge: 'The photo is too large (at most {{max}} MB).',
  photoType: 'The photo must be a JPEG, PNG or WebP image.',
  photoMissing: 'No photo was sent.',
  photoKey: 'The photo must name the update it belongs to.',
} as const);
