import { registerMessages } from './register';
import { MIN_PASSWORD } from './auth';

/** Every message of the profile, company details and change-password forms (spec section 5; minimum 8 per decisions.md). */
export const profileMessages = registerMessages('profile', {
  email: 'Please enter a valid email address.',
  secondaryEmail: 'Please enter a valid secondary email address.',
  nameMax: 'Names must be at most 100 characters.',
  companyNameEmpty: 'Company name cannot be empty.',
  /** The company name is the business name used at sign-in: the signup rule (spec section 9, minimum 2) applies. */
  companyNameMin: 'Business name must be at least 2 characters',
  companyNameMax: 'Company name must be at most 120 characters.',
  currentPasswordRequired: 'Current password is required.',
  newPasswordMin: `New password must be at least ${MIN_PASSWORD} characters long.`,
  newPasswordMax: 'New password must be at most 200 characters long.',
  passwordsMustMatch: 'New password and confirmation password must match.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  emailTaken: 'An account with this email already exists.',
  businessNameTaken: 'This business name is already registered.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  digestFrequency: 'Choose daily, weekly or off.',
  digestWeekday: 'Choose a day of the week.',
  monthlySummary: 'Choose whether to get the monthly summary.',
  language: 'Choose English or Spanish.',
} as const);
