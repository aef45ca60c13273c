export * from './errors';
export * from './money';
export * from './percent-field';
export * from './order-math';
export * from './roles';
export * from './menu';
export * from './validation';
