export { appRouter, type AppRouter } from './root';
export { createCallerFactory, type Meta } from './trpc';
export { DEFAULT_API_CONFIG, parseStoreId, type ApiConfig, type Context, type Identity, type Logger } from './context';
export { AppError, HTTP_STATUS, errorBody, internalError, toAppError, type AppErrorCode, type ErrorBody } from './errors';
export { ensureAdmin, type AdminSeed } from './bootstrap';
