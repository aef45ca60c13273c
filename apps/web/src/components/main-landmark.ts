import { createContext } from 'react';

/** True under the app shell's main landmark: a screen shown there must not add another. */
export const InsideMain = createContext(false);
