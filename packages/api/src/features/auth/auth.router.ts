import { ZEmptyInput, ZLoginInput, ZLoginOutput, ZPasswordInput, ZSignupInput, zSuccessOutput } from '@pos/contracts';
import { authedProcedure, publicProcedure, router, syncOutput } from '../../trpc';
import { changePassword, login, logout, signup } from './auth.service';

export const authRouter = router({
  login: publicProcedure
    .meta({ path: '/login' })
    .input(ZLoginInput)
    .output(syncOutput(ZLoginOutput))
    .mutation(({ ctx, input }) => login(ctx, input)),
  signup: publicProcedure
    .meta({ path: '/signup' })
    .input(ZSignupInput)
    .output(syncOutput(ZLoginOutput))
    .mutation(({ ctx, input }) => signup(ctx, input)),
  logout: authedProcedure
    .meta({ path: '/logout' })
    .input(ZEmptyInput)
    .output(syncOutput(zSuccessOutput))
    .mutation(({ ctx }) => logout(ctx)),
  password: authedProcedure
    .meta({ path: '/password' })
    .input(ZPasswordInput)
    .output(syncOutput(zSuccessOutput))
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
});
