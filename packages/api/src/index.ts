export { appRouter, type AppRouter } from './root';
export { ANSWER_TEXT_MARK, answerTextOf, restoreAnswerTexts, standInAnswers } from './answer-text';
export { createCallerFactory, outputSchemaOf, type Access, type Meta } from './trpc';
export { DEFAULT_API_CONFIG, DEFAULT_SCRYPT_COST, DEFAULT_SIGN_IN_LIMITS, parseStoreId, type ApiConfig, type Context, type Identity, type Logger, type SignInLimits } from './context';
export { AppError, HTTP_STATUS, SERVICE_UNAVAILABLE_MESSAGE, errorBody, httpStatusOf, internalError, toAppError, type AppErrorCode, type ErrorBody } from './errors';
export { isDatabaseUnavailable } from './db-errors';
export { ensureAdmin, type AdminSeed } from './features/auth/auth.service';
export { renderItemLabels, type ItemLabelsRequest, type ItemTag } from './features/item/labels';
