export * from './company';
export * from './user';
export * from './equipment';
export * from './field';
export * from './mail';
export * from './inspection';
export * from './work-order';
export * from './integrations';
