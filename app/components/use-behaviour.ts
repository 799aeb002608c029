// React's way into app/browser: a ref that attaches a behaviour module to the element React rendered and
// detaches it when the element goes, so a component and a page sent without React share one
// implementation (docs/decisions/0009-browser-behaviours.md).
import { useCallback } from "react";

import type { Attach } from "../browser/behaviour";

/** `<input ref={useBehaviour(attach)} …>`; `attach` must be a module-level function (it is the ref's identity). */
export function useBehaviour<E extends Element>(attach: Attach<E>) {
  return useCallback((element: E | null) => (element ? attach(element) : undefined), [attach]);
}
