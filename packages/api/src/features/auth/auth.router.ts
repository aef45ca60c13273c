import { ZEmptyInput, ZLoginInput, ZLoginOutput, ZPasswordInput, ZSignupInput, zSuccessOutput } from '@pos/contracts';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { changePassword, login, logout, signup } from './auth.service';

export const authRouter = router({
  login: publicProcedure
    .meta({ path: '/login' })
    .input(ZLoginInput)
    .output(ZLoginOutput)
    .mutation(({ ctx, input }) => login(ctx, input)),
  signup: publicProcedure
    .meta({ path: '/signup' })
    .input(ZSignupInput)
    .output(ZLoginOutput)
    .mutation(({ ctx, input }) => signup(ctx, input)),
  logout: authedProcedure
    .meta({ path: '/logout' })
    .input(ZEmptyInput)
    .output(zSuccessOutput)
    .mutation(({ ctx }) => logout(ctx)),
  password: authedProcedure
    .meta({ path: '/password' })
    .input(ZPasswordInput)
    .output(zSuccessOutput)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
});
