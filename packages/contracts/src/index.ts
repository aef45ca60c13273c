export * from './messages';
export * from './wire';
export * from './auth';
export * from './staff';
export * from './system';
export * from './dashboard';
export * from './store';
export * from './vendor';
