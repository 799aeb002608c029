// The Content-Security-Policy nonce of the page being rendered (app/entry.server.tsx), for the scripts
// React Router writes into it. In the browser there is none: scripts loaded later come from 'self'.
import { createContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
