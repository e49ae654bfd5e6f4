import { registerMessages } from './register';
/** decisions.md: minimum 8 (the spec says 6). */
export const MIN_PASSWORD = 8;

/** Every message of sign-up, sign-in, security questions and recovery (the spec's wording, minimum 8 per decisions.md). */
export const authMessages = registerMessages('auth', {
  businessNameMin: 'Business name must be at least 2 characters',
  businessNameMax: 'Business name must be at most 120 characters',
  email: 'Please enter a valid email address',
  passwordMin: `Password must be at least ${MIN_PASSWORD} characters`,
  passwordMax: 'Password must be at most 200 characters',
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  emailOrBusinessNameLogin: 'Please enter your email or business name',
  passwordRequired: 'Password is required',
  emailOrBusinessNameReset: 'Email or business name is required',
  securityQuestion1: 'Security question 1 is required',
  securityAnswer1: 'Security answer 1 is required',
  securityQuestion2: 'Security question 2 is required',
  securityAnswer2: 'Security answer 2 is required',
  answerMax: 'Security answers must be at most 200 characters',
  fillAllQuestions: 'Please fill in all security questions and answers.',
  differentQuestions: 'Please choose different security questions.',
  /** Screen messages of the reset step. */
  resetPasswordsDoNotMatch: 'Passwords do not match.',
  resetPasswordMin: `Password must be at least ${MIN_PASSWORD} characters.`,
  /** Server messages. */
  userNotFound:
    'No account found with that email or business name, or security questions not set up.',
  answersIncorrect: 'Security answers are incorrect. Please try again.',
  invalidLogin: 'Invalid email/business name or password.',
  emailTaken: 'An account with this email already exists.',
  businessNameTaken: 'This business name is already registered.',
  accountExists: 'An account with this email or business name already exists.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  timeZone: 'Please choose a valid time zone.',
} as const);
