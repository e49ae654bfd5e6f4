/** Browser storage keys of the operator screens. Only the username is ever stored, never a password. */
export const REMEMBERED_USERNAME_KEY = 'ems.operator.rememberedUsername';
export const SESSION_USERNAME_KEY = 'ems.operator.username';
