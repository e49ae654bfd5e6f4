import { registerMessages } from './register';
import { authMessages } from './auth';
import { profileMessages } from './profile';

/** Operators, managers, company settings, operator sign-in and operator updates (spec section 5; minimum 8 per decisions.md). */
export const operatorsMessages = registerMessages('operators', {
  missingInformation: 'Please fill in all required fields',
  nameMax: 'Names must be at most 60 characters',
  noChanges: 'Please enter at least one setting to update.',
  passwordMin: authMessages.passwordMin,
  passwordMax: authMessages.passwordMax,
  commonPassword: authMessages.commonPassword,
  companyNameEmpty: profileMessages.companyNameEmpty,
  companyNameMin: profileMessages.companyNameMin,
  companyNameMax: profileMessages.companyNameMax,
  businessNameTaken: profileMessages.businessNameTaken,
  email: authMessages.email,
  emailTaken: authMessages.emailTaken,
  userRequired: 'Please select a user to reset password for.',
  usernameRequired: 'Please enter your operator username',
  passwordRequired: authMessages.passwordRequired,
  invalidLogin: 'Invalid operator name or password',
  noEquipmentSelected: 'Please select a piece of equipment first.',
  noInformation: 'Please enter a usage reading, fuel added or notes.',
  invalidUsage: 'Usage must be a number of 0 or more.',
  invalidFuel: 'Fuel added must be a number of 0 or more.',
  notesMax: 'Notes must be at most 2000 characters',
  usernameUnavailable: 'Could not create a unique username. Please try again.',
  operatorNotFound: 'Operator not found',
  userNotFound: 'User not found',
  ownPassword: 'To change your own password, use Change Password on your profile.',
  operatorPasswordShared:
    "Operators sign in with the company's shared operator password. Change it in Company Settings on the Operators page.",
  ownerPasswordOwnerOnly: "Only the owner can change the owner's password.",
  meterRollback:
    'The reading {{reading}} {{unit}} is below the current usage of {{current}} {{unit}}. Meter readings cannot go backwards; ask your manager to correct the usage if it is wrong.',
  meterRollbackField: 'Reading below the current usage (meter rollback).',
  alreadySubmitted: 'This update was already submitted.',
  alreadyReviewed: 'This update has already been reviewed.',
  updateNotFound: 'Update not found',
  /** Answers of POST /api/operator-updates (not errors). */
  submitted: 'Your equipment update has been sent to the manager for review.',
  heldForReview:
    'This reading is much higher than expected, so it was sent to your manager for review before it is counted.',
} as const);
